package dev.kensho.common.cpu;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.runfiles.Jsonl;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * How fast is this machine right now? A shared VM's speed differs from host to host: on two instances of the
 * project's 2-vCPU VM type the same redis-kv case, code and JVM gave 38.5k and 68.8k requests/s on the same day.
 * Such a drift is invisible in a run's intervals when it happens between runs, and it turns into a fake
 * difference when it happens between the cases of one run. So the launcher takes a reading before every class
 * ({@value #FILE} in the run folder), the report shows their spread, and {@code Compare} says when two runs were
 * measured on machines of different speed.
 *
 * <p>A reading is two figures, each the median of {@value #ROUNDS} rounds of {@value #ROUND_MILLIS} ms after
 * one unmeasured round: {@code cpu}, a single thread's integer work (millions of xorshift steps per second), and
 * {@code loopback}, 1-byte TCP round trips per second between two threads of this JVM over 127.0.0.1 — the
 * system calls and wake-ups every client–server benchmark here is made of. About 1 s per reading. Its purpose
 * is relative (this run against that one, this class against the first), not an absolute rating.
 */
public final class Yardstick {

    public static final String FILE = "machine.jsonl";
    static final int ROUNDS = 5;
    static final int ROUND_MILLIS = 80;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One reading: when, before what, and the two rates. */
    public record Reading(String at, long epochMillis, double cpuMegaSteps, double loopbackRoundTrips) {
    }

    /** The readings of a run: medians, the range, and the spread (max − min) / median of each figure. */
    public record Summary(int readings, double cpuMedian, double cpuMin, double cpuMax,
                          double loopbackMedian, double loopbackMin, double loopbackMax) {

        public double cpuSpread() {
            return (cpuMax - cpuMin) / cpuMedian;
        }

        public double loopbackSpread() {
            return (loopbackMax - loopbackMin) / loopbackMedian;
        }

        public Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("readings", readings);
            m.put("cpu_msteps_per_s", Map.of("median", round(cpuMedian), "min", round(cpuMin), "max", round(cpuMax)));
            m.put("loopback_round_trips_per_s", Map.of("median", round(loopbackMedian), "min", round(loopbackMin),
                    "max", round(loopbackMax)));
            m.put("source", FILE + ": one reading before each benchmark class (median of " + ROUNDS + " rounds of "
                    + ROUND_MILLIS + " ms each)");
            return m;
        }

        /** One sentence for the report. */
        public String sentence() {
            return String.format(Locale.ROOT, "machine yardstick (%d reading%s, one before each class): CPU %.0f M steps/s"
                            + " (%.0f–%.0f, spread %.0f%%), loopback %,.0f round trips/s (%,.0f–%,.0f, spread %.0f%%)",
                    readings, readings == 1 ? "" : "s", cpuMedian, cpuMin, cpuMax, 100 * cpuSpread(),
                    loopbackMedian, loopbackMin, loopbackMax, 100 * loopbackSpread());
        }
    }

    private Yardstick() {
    }

    /** Takes a reading now (about 1 s). */
    public static Reading measure(String at) {
        cpuRound();
        double[] cpu = new double[ROUNDS];
        for (int i = 0; i < ROUNDS; i++) {
            cpu[i] = cpuRound();
        }
        double[] loop = loopback();
        return new Reading(at, System.currentTimeMillis(), median(cpu), median(loop));
    }

    /** Takes a reading and appends it to the run folder's {@value #FILE}; a failure is returned, not thrown. */
    public static Optional<String> record(Path runDir, String at) {
        try {
            Reading r = measure(at);
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("at", r.at());
            line.put("epoch_ms", r.epochMillis());
            line.put("cpu_msteps_per_s", round(r.cpuMegaSteps()));
            line.put("loopback_round_trips_per_s", round(r.loopbackRoundTrips()));
            Files.writeString(runDir.resolve(FILE), JSON.writeValueAsString(line) + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.of("machine yardstick not taken before " + at + " (" + e + ")");
        }
    }

    /** The readings in a run folder, summarised; empty when it has none. */
    public static Optional<Summary> summary(Path runDir) {
        List<JsonNode> lines = Jsonl.read(runDir.resolve(FILE));
        List<Double> cpu = new ArrayList<>();
        List<Double> loop = new ArrayList<>();
        for (JsonNode l : lines) {
            if (l.path("cpu_msteps_per_s").isNumber() && l.path("loopback_round_trips_per_s").isNumber()) {
                cpu.add(l.get("cpu_msteps_per_s").asDouble());
                loop.add(l.get("loopback_round_trips_per_s").asDouble());
            }
        }
        if (cpu.isEmpty()) {
            return Optional.empty();
        }
        double[] c = cpu.stream().mapToDouble(Double::doubleValue).toArray();
        double[] p = loop.stream().mapToDouble(Double::doubleValue).toArray();
        return Optional.of(new Summary(c.length, median(c), min(c), max(c), median(p), min(p), max(p)));
    }

    /** Millions of xorshift steps per second, over one round. */
    private static double cpuRound() {
        long x = System.nanoTime() | 1;
        long steps = 0;
        long start = System.nanoTime();
        long end = start + ROUND_MILLIS * 1_000_000L;
        long now;
        do {
            for (int i = 0; i < 100_000; i++) {
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
            }
            steps += 100_000;
            now = System.nanoTime();
        } while (now < end);
        if (x == 0) {
            // never true for a xorshift state that started non-zero; keeps the loop from being removed
            throw new IllegalStateException("xorshift reached 0");
        }
        return steps / ((now - start) / 1e3);
    }

    /** 1-byte round trips per second over loopback TCP, one value per round (the first round unmeasured). */
    private static double[] loopback() {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread echo = new Thread(() -> {
                try (Socket s = server.accept(); InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                    s.setTcpNoDelay(true);
                    int b;
                    while ((b = in.read()) >= 0) {
                        out.write(b);
                    }
                } catch (IOException ignored) {
                    // the client closed: the reading is over
                }
            }, "kensho-yardstick-echo");
            echo.setDaemon(true);
            echo.start();
            try (Socket c = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort())) {
                c.setTcpNoDelay(true);
                c.setSoTimeout(5_000);
                InputStream in = c.getInputStream();
                OutputStream out = c.getOutputStream();
                double[] rates = new double[ROUNDS];
                for (int r = -1; r < ROUNDS; r++) {
                    long trips = 0;
                    long start = System.nanoTime();
                    long end = start + ROUND_MILLIS * 1_000_000L;
                    long now;
                    do {
                        out.write(1);
                        if (in.read() < 0) {
                            throw new IOException("echo closed");
                        }
                        trips++;
                        now = System.nanoTime();
                    } while (now < end);
                    if (r >= 0) {
                        rates[r] = trips / ((now - start) / 1e9);
                    }
                }
                return rates;
            }
        } catch (IOException e) {
            throw new IllegalStateException("loopback: " + e.getMessage(), e);
        }
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    private static double min(double[] v) {
        return Arrays.stream(v).min().orElse(Double.NaN);
    }

    private static double max(double[] v) {
        return Arrays.stream(v).max().orElse(Double.NaN);
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
