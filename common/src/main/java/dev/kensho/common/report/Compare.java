package dev.kensho.common.report;

import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;
import dev.kensho.common.export.Export;
import dev.kensho.common.export.Results;
import dev.kensho.common.export.RunFolder;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Compares two run folders (before/after a change): for every number both measured, the relative
 * difference and whether it exceeds the error bars (the two intervals score ± error do not overlap).
 * Writes {@code compare-<before>.md} into the "after" folder and prints it.
 *
 * <p>{@code ./mvnw -q -pl common exec:java -Dexec.mainClass=dev.kensho.common.report.Compare
 * -Dexec.args="target/kensho-runs/<before> target/kensho-runs/<after>"}
 */
public final class Compare {

    private Compare() {
    }

    /** One number measured in both runs. */
    public record Diff(Results.Row before, Results.Row after) {
        public double relative() {
            return (after.score() - before.score()) / before.score();
        }

        /** True when the confidence intervals do not overlap (a missing error counts as zero). */
        public boolean significant() {
            double eb = Double.isNaN(before.error()) ? 0 : before.error();
            double ea = Double.isNaN(after.error()) ? 0 : after.error();
            return Math.abs(after.score() - before.score()) > eb + ea;
        }
    }

    public static List<Diff> diff(List<Results.Row> before, List<Results.Row> after) {
        Map<String, Results.Row> b = new LinkedHashMap<>();
        before.forEach(r -> b.put(key(r), r));
        return after.stream().filter(r -> b.containsKey(key(r))).map(r -> new Diff(b.get(key(r)), r)).toList();
    }

    private static String key(Results.Row r) {
        return r.cls() + "|" + r.method() + "|" + r.paramString() + "|" + r.metric();
    }

    public static String markdown(String beforeId, String afterId, List<Diff> diffs) {
        StringBuilder sb = new StringBuilder("# kensho: ").append(afterId).append(" vs ").append(beforeId)
                .append("\n\nDifference = (after − before) / before. \"beyond error\": the intervals score ± error"
                        + " do not overlap.\n\n| benchmark | params | metric | before | ± | after | ± | difference | beyond error |\n"
                        + "|---|---|---|---:|---:|---:|---:|---:|---|\n");
        for (Diff d : diffs) {
            sb.append("| ").append(d.after().cls()).append('.').append(d.after().method()).append(" | ")
                    .append(d.after().paramString()).append(" | ").append(d.after().metric()).append(" | ")
                    .append(Export.fmt(d.before().score())).append(" | ").append(Export.fmt(d.before().error())).append(" | ")
                    .append(Export.fmt(d.after().score())).append(" | ").append(Export.fmt(d.after().error())).append(" | ")
                    .append(String.format("%+.1f%%", 100 * d.relative())).append(" | ")
                    .append(d.significant() ? "**yes**" : "no").append(" |\n");
        }
        if (diffs.isEmpty()) {
            sb.append("\n_No number was measured in both runs._\n");
        }
        return sb.toString();
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("kensho: usage: Compare <before run folder> <after run folder>");
            System.exit(2);
        }
        try {
            RunFolder before = RunFolder.at(resolve(args[0]));
            RunFolder after = RunFolder.at(resolve(args[1]));
            String md = markdown(before.dir().getFileName().toString(), after.dir().getFileName().toString(),
                    diff(Results.load(before.dir()), Results.load(after.dir())));
            Path out = after.dir().resolve("compare-" + before.dir().getFileName() + ".md");
            Files.writeString(out, md, StandardCharsets.UTF_8);
            System.out.println(md);
            System.err.println("kensho: wrote " + out);
        } catch (BadInput e) {
            System.err.println("kensho: " + e.getMessage());
            System.exit(2);
        }
    }

    private static Path resolve(String p) {
        Path path = Paths.get(p);
        return path.isAbsolute() ? path : Settings.root().resolve(path);
    }
}
