package dev.kensho.redis.pubsub.flow;

import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.info.RedisInfo;
import dev.kensho.targets.redis.servers.EmbeddedRedis;
import redis.clients.jedis.Jedis;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

/**
 * Whether the server itself cut a slow subscriber off for its output-buffer limit, and how it says so: its count of
 * such disconnections ({@code client_output_buffer_limit_disconnections} in {@code INFO stats}, where the server has
 * that field — the bundled 7.0.15 does not) or, on the embedded server, the lines of its log naming the limit as a
 * disconnect's cause. Read at each flood's start ({@link #floodStarts}) and after it.
 */
public final class ServerCuts {

    private final RedisTarget target;
    private final Jedis connection;
    /** Lines of the embedded server's log naming the output-buffer limit when this flood began. */
    private int loggedBefore;
    /** The server's count of output-buffer-limit disconnections when this flood began (-1: not readable). */
    private long before;

    /** Reads {@code target}'s counts on {@code connection} (the caller's, left open). */
    public ServerCuts(RedisTarget target, Jedis connection) {
        this.target = target;
        this.connection = connection;
    }

    /** A flood begins: the counts it is measured from. */
    public void floodStarts() {
        loggedBefore = logCuts();
        before = count();
    }

    /**
     * The server's own count of output-buffer-limit disconnections: {@code client_output_buffer_limit_disconnections}
     * from {@code INFO stats} where the server has that field, else the embedded server's log lines for it
     * ({@link #logCuts()}); -1 when neither can be read.
     */
    public long count() {
        String n = RedisInfo.of(connection, "stats").get("client_output_buffer_limit_disconnections");
        if (n != null) {
            return Long.parseLong(n);
        }
        return logCuts();
    }

    /** 1 if the embedded server logged a disconnect for the output-buffer limit during this flood, 0 if not, -1 if its log is not ours to read. */
    public int loggedDuringFlood() {
        int n = logCuts();
        return n < 0 ? -1 : n > loggedBefore ? 1 : 0;
    }

    /** The server counted this flood's cut ({@link #requireServerSawCut}); not checked where no count is readable. */
    public void requireSawCut() {
        long after = count();
        requireServerSawCut(before < 0 || after < 0 ? -1 : after - before, target.owned());
    }

    /**
     * The cut-off must be the server's, for its output-buffer limit: {@code cuts} is how many such
     * disconnections the server itself counted during the flood ({@link #count()} delta). Exactly one on
     * a server the suite owns; at least one on a shared server (other clients may be cut too). -1 (the
     * server reports no count: an external server older than the INFO field, whose log is not ours) is not
     * checked — the cut is then known only from the PUBLISH replies and CLIENT LIST. Else a one-line
     * {@link IllegalStateException} naming expected vs found.
     */
    public static void requireServerSawCut(long cuts, boolean exclusive) {
        if (cuts >= 0 && (exclusive ? cuts != 1 : cuts < 1)) {
            throw new IllegalStateException("slow-subscriber cut-off: the server counted " + cuts
                    + " output-buffer-limit disconnections during the flood, expected " + (exclusive ? "exactly 1" : "at least 1"));
        }
    }

    /** Lines of the embedded server's log (which spans the whole trial) naming the output-buffer limit as a disconnect's cause; -1 elsewhere. */
    int logCuts() {
        if (!(target instanceof EmbeddedRedis e)) {
            return -1;
        }
        try {
            // 7.0 logs one line per cut: "Client … closed for" or "… scheduled to be closed ASAP for overcoming of output buffer limits."
            String log = Files.readString(e.process().log(), StandardCharsets.UTF_8);
            return log.split("overcoming of output buffer limits", -1).length - 1;
        } catch (IOException ex) {
            return -1;
        }
    }
}
