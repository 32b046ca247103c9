package dev.kensho.common.profile;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kensho.common.runfiles.Jsonl;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The profiles of a run folder ({@value #FILE}: one line per file a fork wrote, or per profile it could not take),
 * grouped by case. The report reads them through here; results.csv names each case's folder.
 */
public final class ProfileIndex {

    /** One line per recording, written by {@link CaseProfiler}. */
    public static final String FILE = "profiles.jsonl";

    /**
     * One file of one case: {@code side} client or server, {@code kind} jfr or perf, {@code file} relative to the run
     * folder (null when {@code unavailable} says why there is none), the operations JMH counted and the seconds it ran,
     * and what the reader should know about it ({@code note}: a server binary that names no functions; null when none).
     */
    public record Entry(String benchmark, Map<String, String> params, int fork, String side, String kind, String what,
                        String file, String unavailable, String settings, long ops, double seconds, String note) {

        /** Class.method?k=v&… as results.csv and the CI files name a case. */
        public String caseKey() {
            String cls = benchmark.substring(0, benchmark.lastIndexOf('.'));
            return key(cls.substring(cls.lastIndexOf('.') + 1), benchmark.substring(benchmark.lastIndexOf('.') + 1), params);
        }

        /** The folder of this case's files, relative to the run folder. */
        public String folder(Path runDir) {
            CaseFiles f = CaseFiles.of(runDir, benchmark, params);
            return f.relative(f.dir());
        }
    }

    private ProfileIndex() {
    }

    /** Every entry of the run folder, in the order written. */
    public static List<Entry> read(Path runDir) {
        List<Entry> out = new ArrayList<>();
        for (JsonNode n : Jsonl.read(runDir.resolve(FILE))) {
            Map<String, String> p = new TreeMap<>();
            n.path("params").fields().forEachRemaining(e -> p.put(e.getKey(), e.getValue().asText()));
            out.add(new Entry(n.path("benchmark").asText(), p, n.path("fork").asInt(), n.path("side").asText(),
                    n.path("kind").asText(), n.path("what").asText(""), n.hasNonNull("file") ? n.get("file").asText() : null,
                    n.hasNonNull("unavailable") ? n.get("unavailable").asText() : null, n.path("settings").asText(""),
                    n.path("ops").asLong(), n.path("seconds").asDouble(), n.hasNonNull("note") ? n.get("note").asText() : null));
        }
        return out;
    }

    /** Entries by case ({@link Entry#caseKey()}), cases in the order first written. */
    public static Map<String, List<Entry>> byCase(Path runDir) {
        Map<String, List<Entry>> out = new LinkedHashMap<>();
        for (Entry e : read(runDir)) {
            out.computeIfAbsent(e.caseKey(), k -> new ArrayList<>()).add(e);
        }
        return out;
    }

    /** {@code SetAlgebraBenchmark.sinter?layout=EQUAL&members=1000}: the case name of the CI files and results.csv. */
    public static String key(String cls, String method, Map<String, String> params) {
        StringBuilder sb = new StringBuilder(cls).append('.').append(method);
        char sep = '?';
        for (Map.Entry<String, String> p : new TreeMap<>(params).entrySet()) {
            sb.append(sep).append(p.getKey()).append('=').append(p.getValue());
            sep = '&';
        }
        return sb.toString();
    }
}
