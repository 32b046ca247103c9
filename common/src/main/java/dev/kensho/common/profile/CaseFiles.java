package dev.kensho.common.profile;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where one case's profiles go: {@code jfr/<Class>/<method>[,k=v…]/} of the run folder, one file per fork and
 * side ({@code client-fork2.jfr}, {@code server-fork2.jfr}, {@code redis-server-fork2.collapsed}), so a reader finds
 * a case's recordings by its name and two forks never overwrite each other (JMH's own {@code -prof jfr} names its
 * folder by the case but writes every fork to the same {@code profile.jfr}).
 */
public record CaseFiles(Path runDir, Path dir) {

    /** Longest folder name kept as it is; longer ones are cut and end with a hash, so they stay unique. */
    static final int MAX_NAME = 120;

    /** The folder of {@code benchmark} (package.Class.method) with {@code params}, under {@code runDir}. */
    public static CaseFiles of(Path runDir, String benchmark, Map<String, String> params) {
        String cls = benchmark.substring(0, benchmark.lastIndexOf('.'));
        String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
        return new CaseFiles(runDir, runDir.resolve("jfr").resolve(cls.substring(cls.lastIndexOf('.') + 1))
                .resolve(name(method, params)));
    }

    /** {@code sinter,layout=EQUAL,members=1000}: the method, then the params in name order, file-name safe. */
    static String name(String method, Map<String, String> params) {
        StringBuilder sb = new StringBuilder(method);
        new TreeMap<>(params).forEach((k, v) -> sb.append(',').append(k).append('=').append(v));
        String safe = sb.toString().replaceAll("[^A-Za-z0-9._=,+-]", "_");
        if (safe.length() <= MAX_NAME) {
            return safe;
        }
        String hash = Integer.toHexString(Arrays.hashCode(sb.toString().getBytes(StandardCharsets.UTF_8)));
        return safe.substring(0, MAX_NAME - hash.length() - 1) + "~" + hash;
    }

    /** The next fork's number in this folder: one more than the forks already recorded (forks run one at a time). */
    public int nextFork() {
        int n = 1;
        while (Files.exists(client(n))) {
            n++;
        }
        return n;
    }

    /** The benchmark JVM's recording of fork {@code n}. */
    public Path client(int n) {
        return dir.resolve("client-fork" + n + ".jfr");
    }

    /** A file of this case's folder, as the run folder names it ({@code jfr/X/m,k=v/client-fork1.jfr}). */
    public String relative(Path file) {
        return runDir.relativize(file).toString().replace('\\', '/');
    }
}
