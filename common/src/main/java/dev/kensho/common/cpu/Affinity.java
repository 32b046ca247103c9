package dev.kensho.common.cpu;

import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import dev.kensho.common.TargetFailure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Who runs on which core ({@code -Dkensho.pin}): {@code off} (default) leaves the embedded server and the
 * load generator to the scheduler, competing for every core; {@code split} pins the embedded server's
 * process (all its threads) to the last core and this benchmark JVM (all its threads, and the threads they
 * start later, which inherit it) to the others — on a 2-core machine one core each, so neither steals the
 * other's time slices and the server's noise is its own. It needs Linux's {@code taskset} (util-linux) and
 * at least 2 cores. What was pinned is recorded with the server ({@code affinity} in {@code env.json});
 * a pinned server counts one core in the bottleneck verdict, whatever its {@code io-threads}.
 */
public final class Affinity {

    /** The pinning modes. */
    public enum Mode { OFF, SPLIT }

    private static volatile boolean clientPinned;

    private Affinity() {
    }

    /** The mode asked for; a bad value, or {@code split} where it cannot work, is one line of bad input. */
    public static Mode mode() {
        String v = Setting.PIN.get("off").trim().toUpperCase(Locale.ROOT);
        Mode m;
        try {
            m = Mode.valueOf(v);
        } catch (IllegalArgumentException e) {
            throw BadInput.of(Setting.PIN.key(), v.toLowerCase(Locale.ROOT), "off or split");
        }
        if (m == Mode.SPLIT && ProcessCpu.machineCpus() < 2) {
            throw BadInput.of(Setting.PIN.key(), "split", "off on a 1-core machine (split needs 2 cores or more)");
        }
        return m;
    }

    /** The cores the server gets under {@code split}: the last one ("1" on 2 cores). */
    static String serverCores(int cpus) {
        return Integer.toString(cpus - 1);
    }

    /** The cores the load generator gets under {@code split}: all but the last ("0" on 2 cores, "0-2" on 4). */
    static String clientCores(int cpus) {
        return cpus == 2 ? "0" : "0-" + (cpus - 2);
    }

    /**
     * Under {@code split}, pins {@code serverPid} (an embedded server this JVM started) and this JVM; a
     * no-op under {@code off}. Returns what to record with the server (empty under {@code off}).
     */
    public static Map<String, Object> split(long serverPid) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (mode() != Mode.SPLIT) {
            return out;
        }
        int cpus = ProcessCpu.machineCpus();
        taskset(serverCores(cpus), serverPid);
        synchronized (Affinity.class) {
            if (!clientPinned) {
                taskset(clientCores(cpus), ProcessHandle.current().pid());
                clientPinned = true;
            }
        }
        out.put("mode", "split");
        out.put("server_cpus", ProcessCpu.cpusAllowed(serverPid));
        out.put("client_cpus", ProcessCpu.cpusAllowed(ProcessHandle.current().pid()));
        return out;
    }

    static void taskset(String cores, long pid) {
        try {
            Process p = new ProcessBuilder("taskset", "-a", "-p", "-c", cores, Long.toString(pid))
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new TargetFailure("-D" + Setting.PIN.key() + "=split: taskset -a -p -c " + cores + " " + pid
                        + " failed: " + out);
            }
        } catch (IOException e) {
            throw new BadInput("-D" + Setting.PIN.key() + "=split needs Linux's taskset (util-linux) on the PATH: "
                    + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetFailure("interrupted while pinning with taskset");
        }
    }
}
