package dev.kensho.report.profile;

import one.convert.Arguments;
import one.convert.FlameGraph;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;

/**
 * Interactive flame graphs (one self-contained HTML file: search, zoom, frame tooltips) rendered by async-profiler's
 * converter ({@code tools.profiler:jfr-converter}) from collapsed stacks: a case's collapsed-stack files (perf's,
 * {@code -prof async}'s) joined, or one view of its JFR recordings ({@link JfrStacks}; the converter's own JFR reader
 * would draw native-method samples as CPU). A graph newer than all its inputs is kept, so re-rendering a report after
 * each class does not redo the earlier ones.
 */
final class FlameGraphs {

    private FlameGraphs() {
    }

    /** {@code out} from the collapsed-stack files {@code inputs}, titled {@code title}. */
    static Path render(List<Path> inputs, Path out, String title) throws IOException {
        if (upToDate(inputs, out)) {
            return out;
        }
        StringBuilder stacks = new StringBuilder();
        for (Path in : inputs) {
            stacks.append(Files.readString(in, StandardCharsets.UTF_8));
        }
        return write(stacks, inputs, out, title);
    }

    /** {@code out} from {@code stacks} (stack → weight), read from {@code inputs}, titled {@code title}. */
    static Path render(Map<String, Long> stacks, List<Path> inputs, Path out, String title) throws IOException {
        if (upToDate(inputs, out)) {
            return out;
        }
        StringBuilder text = new StringBuilder();
        stacks.forEach((s, n) -> text.append(s).append(' ').append(n).append('\n'));
        return write(text, inputs, out, title);
    }

    private static Path write(CharSequence stacks, List<Path> inputs, Path out, String title) throws IOException {
        Path all = out.resolveSibling(out.getFileName() + ".collapsed.part");
        Path html = out.resolveSibling(out.getFileName() + ".part");
        try {
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
