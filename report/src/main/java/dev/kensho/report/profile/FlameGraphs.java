package dev.kensho.report.profile;

import one.convert.Arguments;
import one.convert.FlameGraph;
import one.convert.JfrToFlame;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * Interactive flame graphs (one self-contained HTML file: search, zoom, frame tooltips) rendered by async-profiler's
 * converter ({@code tools.profiler:jfr-converter}): a case's recordings — every fork's, JFR or collapsed stacks —
 * folded into one graph. Each JFR file becomes collapsed stacks first ({@code JfrToFlame}), which is how the
 * converter joins inputs: given several, its own command line writes each over the last. A graph newer than all
 * its inputs is kept, so re-rendering a report after each class does not redo the earlier ones.
 */
final class FlameGraphs {

    private FlameGraphs() {
    }

    /** {@code out} from {@code inputs} ({@code .jfr} or {@code .collapsed}), titled {@code title}. */
    static Path render(List<Path> inputs, Path out, String title) throws IOException {
        if (upToDate(inputs, out)) {
            return out;
        }
        Path all = out.resolveSibling(out.getFileName() + ".collapsed.part");
        Path html = out.resolveSibling(out.getFileName() + ".part");
        try {
            StringBuilder stacks = new StringBuilder();
            for (Path in : inputs) {
                if (in.toString().endsWith(".jfr")) {
                    Path one = out.resolveSibling(in.getFileName() + ".collapsed.part");
                    try {
                        JfrToFlame.convert(in.toString(), one.toString(), new Arguments("-o", "collapsed"));
                        stacks.append(Files.readString(one, StandardCharsets.UTF_8));
                    } finally {
                        Files.deleteIfExists(one);
                    }
                } else {
                    stacks.append(Files.readString(in, StandardCharsets.UTF_8));
                }
            }
            Files.writeString(all, stacks, StandardCharsets.UTF_8);
            FlameGraph.convert(all.toString(), html.toString(), new Arguments("--title", title));
            Files.move(html, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return out;
        } catch (RuntimeException e) {
            throw new IOException("the flame graph converter failed on " + inputs + " (" + e + ")", e);
        } finally {
            Files.deleteIfExists(all);
            Files.deleteIfExists(html);
        }
    }

    private static boolean upToDate(List<Path> inputs, Path out) throws IOException {
        if (!Files.exists(out)) {
            return false;
        }
        long made = Files.getLastModifiedTime(out).toMillis();
        for (Path in : inputs) {
            if (Files.getLastModifiedTime(in).toMillis() > made) {
                return false;
            }
        }
        return true;
    }
}
