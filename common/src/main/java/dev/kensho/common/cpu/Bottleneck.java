package dev.kensho.common.cpu;

import java.util.Locale;

/**
 * Which side held a result back, from the cores each used in the measured iterations (see
 * {@link CpuProfiler}).
 *
 * <ul>
 *   <li><b>server-bound</b> — the server used at least {@value #SATURATED} of the cores it can use: one for
 *       a single-threaded Redis or kinesalite's node, min(io-threads, cores) for Redis with I/O threads, every
 *       core of the machine for an HBase mini cluster (its pools have more threads than cores);</li>
 *   <li><b>client-bound</b> — the load generator's busiest thread used at least {@value #SATURATED} of a core
 *       (a single-threaded publisher cannot go faster however many cores are idle), or the load generator
 *       used at least {@value #SATURATED} of the cores left to it
 *       (the cores this JVM may run on, less the server's when the server may run on them too): the number measures the
 *       client as much as the server. On a machine the two fill together this is the verdict: the client
 *       is judged against what the server leaves it;</li>
 *   <li><b>server- and client-bound</b> — both at once (two programs on a machine that has no core to
 *       spare);</li>
 *   <li><b>machine busy</b> — neither side saturated itself, but other processes used at least a quarter of
 *       the machine's processors and, with ours, {@value #SATURATED} of them: the result is bound by
 *       the CPU others took, not by the server or the client;</li>
 *   <li><b>neither</b> — both had CPU to spare: the result is bound by latency (round trips, waits),
 *       the network, or the disk;</li>
 *   <li><b>server CPU unknown</b> — the server's CPU could not be read (a remote HBase or AWS Kinesis) and
 *       the client was not saturated.</li>
 * </ul>
 * A verdict compares means with the threshold; the sentence gives the intervals beside them.
 */
public final class Bottleneck {

    /** Share of the cores a side can use at which it counts as saturated. */
    public static final double SATURATED = 0.9;

    public enum Kind {
        SERVER("server-bound"), CLIENT("client-bound"), BOTH("server- and client-bound"), BUSY("machine busy"),
        NEITHER("neither"), UNKNOWN("server CPU unknown");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** A figure with its interval (NaN error: one sample). */
    public record Cores(double mean, double error) {
        String text() {
            return f(mean) + (Double.isNaN(error) ? "" : " ± " + f(error));
        }
    }

    /** The verdict and the sentence a table shows beside the result. */
    public record Verdict(Kind kind, String sentence) {
        @Override
        public String toString() {
            return kind.label() + ": " + sentence;
        }
    }

    private Bottleneck() {
    }

    /**
     * Cores a server can use: its busy threads, no more than the cores it may run on.
     *
     * @param threads      busy threads of the server (Redis: io-threads; 1 without them)
     * @param serverCores  cores the server may run on (its machine's, or its CPU affinity's)
     */
    public static double serverLimit(int threads, int serverCores) {
        return Math.min(Math.max(1, threads), Math.max(1, serverCores));
    }

    /** Cores left to the client: those it may run on, less what the server used when it shares them. */
    public static double clientLimit(int machineCores, double serverCores, boolean colocated) {
        return colocated ? Math.max(0, machineCores - serverCores) : machineCores;
    }

    /**
     * The verdict from what each side used and could use.
     *
     * @param server      cores the server used (null: not measured)
     * @param serverLimit cores the server can use ({@link #serverLimit})
     * @param client      cores the client used
     * @param clientLimit cores left to the client ({@link #clientLimit})
     * @param busiest     cores the client's busiest thread used (null: not measured)
     */
    public static Verdict verdict(Cores server, double serverLimit, Cores client, double clientLimit, Cores busiest) {
        return verdict(server, serverLimit, client, clientLimit, busiest, null, Double.NaN);
    }

    /**
     * As {@link #verdict(Cores, double, Cores, double, Cores)}, with the CPU the machine's other processes
     * used ({@code other}, null: not measured) out of its {@code machine} processors.
     */
    public static Verdict verdict(Cores server, double serverLimit, Cores client, double clientLimit, Cores busiest,
                                  Cores other, double machine) {
        Verdict v = ownVerdict(server, serverLimit, client, clientLimit, busiest);
        if (other == null || Double.isNaN(other.mean()) || !(machine > 0)) {
            return v;
        }
        double ours = client.mean() + (server == null || Double.isNaN(server.mean()) ? 0 : server.mean());
        String o = "; other processes " + other.text() + " of the machine's " + f(machine) + " (" + pct(other.mean(), machine) + ")";
        boolean busy = other.mean() >= 0.25 * machine && ours + other.mean() >= SATURATED * machine;
        Kind k = busy && (v.kind() == Kind.NEITHER || v.kind() == Kind.UNKNOWN) ? Kind.BUSY : v.kind();
        return new Verdict(k, v.sentence() + o);
    }

    private static Verdict ownVerdict(Cores server, double serverLimit, Cores client, double clientLimit, Cores busiest) {
        boolean threadBound = busiest != null && busiest.mean() >= SATURATED;
        boolean clientBound = threadBound || clientLimit > 0 && client.mean() >= SATURATED * clientLimit;
        String c = "client " + client.text() + " of " + f(clientLimit) + " cores left to it (" + pct(client.mean(), clientLimit) + ")"
                + (busiest == null ? "" : ", its busiest thread " + busiest.text() + " of one core (" + pct(busiest.mean(), 1) + ")");
        if (server == null || Double.isNaN(server.mean())) {
            return new Verdict(clientBound ? Kind.CLIENT : Kind.UNKNOWN, c + "; server CPU not measured");
        }
        boolean serverBound = serverLimit > 0 && server.mean() >= SATURATED * serverLimit;
        String s = "server " + server.text() + " of " + f(serverLimit) + " core" + (serverLimit == 1 ? "" : "s")
                + " it can use (" + pct(server.mean(), serverLimit) + ")";
        Kind k = serverBound && clientBound ? Kind.BOTH : serverBound ? Kind.SERVER : clientBound ? Kind.CLIENT : Kind.NEITHER;
        return new Verdict(k, s + "; " + c);
    }

    private static String pct(double used, double limit) {
        return limit > 0 ? String.format(Locale.ROOT, "%.0f%%", 100 * used / limit) : "–";
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
