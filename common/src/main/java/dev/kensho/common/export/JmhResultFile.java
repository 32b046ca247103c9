package dev.kensho.common.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * {@value #FILE} at the top of a run folder: every class's JMH JSON ({@code jmh/<Class>.json}) in one array, as
 * {@code -rf json -rff} would have written it had the whole run been one JMH run, so a CI tool that reads JMH's
 * format (Jenkins' JMH plugin, github-action-benchmark's {@code jmh} tool, JMH Visualizer) takes the run as it is.
 * The classes in the order the run ran them (status.json), then any other file by name; each file's entries as JMH
 * wrote them (the text is joined, not re-printed). The one-fork files of a rounds run ({@code jmh/rounds/}) are
 * left out: their class's file holds them merged. A file that is not a JSON array (a class stopped mid-write) is
 * left out too; its class's outcome in status.json says why.
 */
public final class JmhResultFile {

    /** The merged file's name, at the top of the run folder. */
    public static final String FILE = "jmh-result.json";

    private static final ObjectMapper JSON = new ObjectMapper();

    private JmhResultFile() {
    }

    /**
     * The merged array of {@code runDir}'s JMH files, the classes in {@code ran} first in that order (the run's, as
     * its status lists them: the caller reads it, so this class stays a leaf of the run folder); {@code []} when there
     * is none.
     */
    public static String of(Path runDir, Iterator<String> ran) {
        List<String> entries = new ArrayList<>();
        for (Path f : files(runDir, ran)) {
            String text;
            try {
                text = Files.readString(f, StandardCharsets.UTF_8);
                JsonNode n = JSON.readTree(text);
                if (n == null || !n.isArray() || n.isEmpty()) {
                    continue;
                }
            } catch (IOException e) {
                continue; // not JMH's array
            }
            entries.add(text.substring(text.indexOf('[') + 1, text.lastIndexOf(']')).strip());
        }
        if (entries.isEmpty()) {
            return "[\n]\n";
        }
        return "[\n    " + String.join(",\n    ", entries) + "\n]\n";
    }

    /** {@code jmh/*.json} in run order: the classes {@code ran} lists, then the rest by name. */
    static List<Path> files(Path runDir, Iterator<String> ran) {
        Path jmh = runDir.resolve("jmh");
        if (!Files.isDirectory(jmh)) {
            return List.of();
        }
        List<Path> all;
        try (Stream<Path> s = Files.list(jmh)) {
            all = s.filter(p -> p.getFileName().toString().endsWith(".json") && Files.isRegularFile(p)).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
        Set<Path> ordered = new LinkedHashSet<>();
        while (ran.hasNext()) {
            Path f = jmh.resolve(ran.next() + ".json");
            if (all.contains(f)) {
                ordered.add(f);
            }
        }
        ordered.addAll(all);
        return new ArrayList<>(ordered);
    }
}
