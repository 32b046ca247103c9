package dev.kensho.targets.hbase;

import dev.kensho.common.TargetFailure;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.regionserver.HRegion;
import org.apache.hadoop.hbase.regionserver.HStore;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the suite asks of its own mini cluster that a client API does not give, over a line protocol on a
 * 127.0.0.1 port of the child JVM ({@link MiniClusterMain}); {@link EmbeddedHBase} is the only caller.
 * One request per connection: the request line, then the answer's lines, {@code OK} or {@code ERR <why>} first.
 * <pre>
 * FLUSH &lt;table&gt;      flush every region of the table on its own flush path, regions in parallel
 * FLUSHED &lt;table&gt;    OK then true/false: no memstore of the table holds data
 * COMPACTED &lt;table&gt;  OK then true/false: every store has at most one HFile and an empty memstore
 * FILES &lt;table&gt;      OK then the live store files' paths, one a line (compacted-away files excluded)
 * CONF &lt;key&gt; …       OK then key=value for each key, as the cluster's configuration holds it
 * </pre>
 * {@code FLUSH} uses the region's own flush (the memstore flusher's path): {@code Admin.flush} would do the
 * same through a master procedure whose dispatch adds a fixed ~0.3 s (measured on an already-empty table) — a
 * cost of the admin call, not of writing HFiles, that a timed flush must not carry. The caller has checked
 * that the table is in the suite's namespace.
 */
final class MiniClusterControl {

    private final HBaseTestingUtility util;
    private final ServerSocket socket;

    private MiniClusterControl(HBaseTestingUtility util, ServerSocket socket) {
        this.util = util;
        this.socket = socket;
    }

    static MiniClusterControl serve(HBaseTestingUtility util) throws IOException {
        ServerSocket s = new ServerSocket();
        s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        return new MiniClusterControl(util, s);
    }

    int port() {
        return socket.getLocalPort();
    }

    /** Answers requests, each on its own thread, until the socket closes (the process ends). */
    void serveUntilClosed() {
        while (!socket.isClosed()) {
            try {
                Socket c = socket.accept();
                Thread t = new Thread(() -> answer(c), "kensho-control");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void answer(Socket c) {
        try (c; BufferedReader in = new BufferedReader(new InputStreamReader(c.getInputStream(), StandardCharsets.UTF_8));
             PrintWriter out = new PrintWriter(new OutputStreamWriter(c.getOutputStream(), StandardCharsets.UTF_8))) {
            String line = in.readLine();
            String[] w = line == null ? new String[0] : line.trim().split(" ");
            try {
                List<String> answer = w.length < 2 && !(w.length == 1 && w[0].equals("CONF")) ? null : answer(w);
                if (answer == null) {
                    out.println("ERR unknown request: " + line);
                } else {
                    out.println("OK");
                    answer.forEach(out::println);
                }
            } catch (Exception e) {
                out.println("ERR " + HBaseTarget.firstLine(e));
            }
        } catch (IOException ignored) {
            // the client went away: nothing to answer
        }
    }

    private List<String> answer(String[] w) throws IOException {
        List<String> out = new ArrayList<>();
        switch (w[0]) {
            case "FLUSH" -> flush(TableName.valueOf(w[1]));
            case "FLUSHED" -> out.add(Boolean.toString(flushed(TableName.valueOf(w[1]))));
            case "COMPACTED" -> out.add(Boolean.toString(compacted(TableName.valueOf(w[1]))));
            case "FILES" -> {
                for (HRegion r : util.getMiniHBaseCluster().getRegions(TableName.valueOf(w[1]))) {
                    for (HStore s : r.getStores()) {
                        s.getStorefiles().forEach(f -> out.add(f.getPath().toString()));
                    }
                }
            }
            case "CONF" -> {
                for (int i = 1; i < w.length; i++) {
                    out.add(w[i] + "=" + util.getConfiguration().get(w[i]));
                }
            }
            default -> {
                return null;
            }
        }
        return out;
    }

    private void flush(TableName tn) throws IOException {
        List<IOException> failed = new CopyOnWriteArrayList<>();
        util.getMiniHBaseCluster().getRegions(tn).parallelStream().forEach(r -> {
            try {
                while (r.getMemStoreDataSize() > 0) {
                    if (!r.flush(true).isFlushSucceeded() && r.getMemStoreDataSize() > 0) {
                        r.waitForFlushes(); // the memstore flusher is on it: wait, then flush what remains
                    }
                }
            } catch (IOException e) {
                failed.add(e);
            }
        });
        if (!failed.isEmpty()) {
            throw failed.get(0);
        }
    }

    private boolean flushed(TableName tn) {
        for (HRegion r : util.getMiniHBaseCluster().getRegions(tn)) {
            if (r.getMemStoreDataSize() > 0) {
                return false;
            }
        }
        return true;
    }

    private boolean compacted(TableName tn) {
        for (HRegion r : util.getMiniHBaseCluster().getRegions(tn)) {
            for (HStore s : r.getStores()) {
                if (s.getStorefilesCount() > 1 || s.getMemStoreSize().getDataSize() > 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Sends one request to the control port of a child cluster; returns the answer's lines after OK. */
    static List<String> ask(int port, String request, String who) {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port);
             PrintWriter out = new PrintWriter(new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8), true);
             BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8))) {
            out.println(request);
            String status = in.readLine();
            if (status == null || !status.equals("OK")) {
                throw new TargetFailure(who + ": " + request + " failed (" + (status == null ? "no answer" : status) + ")");
            }
            List<String> lines = new ArrayList<>();
            for (String l = in.readLine(); l != null; l = in.readLine()) {
                lines.add(l);
            }
            return lines;
        } catch (IOException e) {
            throw new TargetFailure(who + ": cannot reach the cluster's control port " + port + " (" + e.getMessage() + ")", e);
        }
    }
}
