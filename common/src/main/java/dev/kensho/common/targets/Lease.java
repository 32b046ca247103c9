package dev.kensho.common.targets;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Who holds a claim on a server, written beside it as one string {@code "<run> <host> <pid> [<boot>]"}: the run id,
 * the host name, the holder's pid and (on Linux) the kernel's boot id. The server lets the lease expire on its own
 * a fixed time after the holder's last renewal (Redis {@code PX}, an HBase cell TTL); {@link #alive} adds what this
 * machine can see sooner: a lease naming this host, this boot and a pid that has ended belongs to a killed run.
 * A lease of another machine lives until the server expires it: its pid means nothing here.
 */
public final class Lease {

    private static final Path BOOT_ID = Path.of("/proc/sys/kernel/random/boot_id");
    private static final String HOST = hostName();
    private static final String BOOT = bootId();

    private Lease() {
    }

    /** This process's lease for {@code runId} (the run id may not contain spaces: run ids are [A-Za-z0-9._-]). */
    public static String of(String runId) {
        return runId + " " + HOST + " " + ProcessHandle.current().pid() + (BOOT.isEmpty() ? "" : " " + BOOT);
    }

    /** The run a lease names, or null for none. */
    public static String run(String lease) {
        return lease == null ? null : lease.split(" ", 2)[0];
    }

    /** Who holds a lease, as people read it: "run on host, pid N" (the lease itself when it is not the suite's form). */
    public static String who(String lease) {
        String[] p = lease.split(" ");
        return p[0] + (p.length >= 3 ? " on " + p[1] + ", pid " + p[2] : "");
    }

    /**
     * A lease the server still holds is alive unless it names this host and boot and a pid that has ended;
     * null (expired, released, never taken) is not.
     */
    public static boolean alive(String lease) {
        if (lease == null) {
            return false;
        }
        String[] p = lease.split(" ");
        boolean here = p.length >= 3 && p[1].equals(HOST) && (p.length < 4 || BOOT.isEmpty() || p[3].equals(BOOT));
        if (!here) {
            return true;
        }
        try {
            return ProcessHandle.of(Long.parseLong(p[2])).map(ProcessHandle::isAlive).orElse(false);
        } catch (NumberFormatException e) {
            return true; // not a lease this suite wrote: assume someone holds it
        }
    }

    /** This machine's host name, as leases name it. */
    public static String host() {
        return HOST;
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName().replace(' ', '_');
        } catch (IOException e) {
            return "unknown-host";
        }
    }

    private static String bootId() {
        try {
            return Files.isReadable(BOOT_ID) ? Files.readString(BOOT_ID, StandardCharsets.UTF_8).trim() : "";
        } catch (IOException e) {
            return "";
        }
    }
}
