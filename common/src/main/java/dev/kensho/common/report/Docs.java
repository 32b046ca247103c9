package dev.kensho.common.report;

import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;
import dev.kensho.common.export.RunFolder;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Publishes a run's results into {@code docs/}: each experiment's section of the run's
 * {@code report.md} (charts and the measured-vs-published table) replaces the part of
 * {@code docs/<experiment>.md} between {@code <!-- kensho:reference-run -->} and
 * {@code <!-- /kensho:reference-run -->} (appended when the markers are missing), followed by the run's
 * environment; the charts are copied to {@code docs/images/}.
 *
 * <p>{@code ./mvnw -q -pl common exec:java -Dexec.mainClass=dev.kensho.common.report.Docs -Dexec.args=target/kensho-runs/<run>}
 */
public final class Docs {

    static final String START = "<!-- kensho:reference-run -->";
    static final String END = "<!-- /kensho:reference-run -->";

    private Docs() {
    }

    public static void publish(Path run, Path docs) throws IOException {
        String report = Files.readString(run.resolve("report.md"), StandardCharsets.UTF_8);
        String header = report.lines().filter(l -> l.startsWith("Status:")).findFirst().orElse("");
        String env = section(report, "## Environment");
        Files.createDirectories(docs.resolve("images"));
        for (Experiments.Experiment e : Experiments.all()) {
            Path page = docs.resolve(e.id() + ".md");
            String body = section(report, "## " + e.title());
            if (body == null || !Files.exists(page)) {
                continue;
            }
            Matcher m = Pattern.compile("\\]\\(charts/([\\w.-]+\\.png)\\)").matcher(body);
            while (m.find()) {
                Files.copy(run.resolve("charts").resolve(m.group(1)), docs.resolve("images").resolve(m.group(1)),
                        StandardCopyOption.REPLACE_EXISTING);
            }
            body = body.replace("](charts/", "](images/").replaceFirst("^## [^\\n]*\\n", "");
            String block = START + "\n## Reference run `" + run.getFileName() + "`\n\n"
                    + "Generated from the run's report (`Docs`); numbers, not prose, so regenerate rather than edit. "
                    + header + "\n\n" + body.strip() + "\n\n### Environment of this run\n"
                    + (env == null ? "" : env.replaceFirst("^## Environment\\n", "").replace("\n### Notes", "\n#### Notes"))
                    .strip().lines().filter(l -> !l.startsWith("- server:") || l.length() < 400)
                    .filter(l -> ownNote(l, e.id()))
                    .reduce("", (a, b) -> a + "\n" + b).replaceFirst("\n+#### Notes\n*$", "") + "\n" + END;
            String text = Files.readString(page, StandardCharsets.UTF_8);
            int s = text.indexOf(START);
            int t = text.indexOf(END);
            text = s >= 0 && t > s ? text.substring(0, s) + block + text.substring(t + END.length())
                    : text.stripTrailing() + "\n\n" + block + "\n";
            Files.writeString(page, text, StandardCharsets.UTF_8);
        }
    }

    /** A run note ("- topic: text") belongs on a page unless its topic names another experiment. */
    static boolean ownNote(String line, String experiment) {
        if (line.startsWith("- server:")) {
            return true;
        }
        return Experiments.all().stream().map(Experiments.Experiment::id)
                .noneMatch(id -> !id.equals(experiment) && line.startsWith("- " + id + " "));
    }

    /** The text from a "## " heading to the next "## " heading (or the end), or null. */
    static String section(String md, String heading) {
        int i = md.indexOf("\n" + heading + "\n");
        if (i < 0) {
            return null;
        }
        int j = md.indexOf("\n## ", i + 1);
        return md.substring(i + 1, j < 0 ? md.length() : j + 1);
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 2) {
            System.err.println("kensho: usage: Docs <run folder> [docs folder, default docs]");
            System.exit(2);
        }
        try {
            Path p = Paths.get(args[0]);
            RunFolder run = RunFolder.at(p.isAbsolute() ? p : Settings.root().resolve(p));
            Path docs = args.length == 2 ? Paths.get(args[1]) : Settings.root().resolve("docs");
            publish(run.dir(), docs);
            System.err.println("kensho: published " + run.dir().getFileName() + " into " + docs);
        } catch (BadInput e) {
            System.err.println("kensho: " + e.getMessage());
            System.exit(2);
        }
    }
}
