package dev.kensho.report;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.TargetFailure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A section as rendered from one run: its ledger (published figure, ours, interval, verdict) and its
 * blocks (charts and tables), kept in the run folder as {@code sections/<id>.json}. Each module's bench
 * run renders the sections on its own classpath; {@link Report} and {@link Docs} assemble whatever
 * sections the folder holds, so the last module's report still carries the first module's charts.
 */
public record Rendered(String id, int order, String title, String seed, String question, String docs,
                       boolean measured, Table ledger, List<Block> blocks) {

    static final String DIR = "sections";
    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** A chart ({@code png} relative to the run folder, {@code svg} inline) or a table. */
    public record Block(String id, String title, String png, String svg, Table table) {

        String markdown(String imageDir) {
            if (table != null) {
                return table.markdown();
            }
            return "<a id=\"" + id + "\"></a>\n\n![" + title + "](" + imageDir + png.substring(png.indexOf('/') + 1) + ")\n\n";
        }

        String html() {
            return table != null ? table.html() : "<figure id=\"" + Html.esc(id) + "\">" + svg + "</figure>";
        }
    }

    /** Body of the section: intro line and blocks ({@code imageDir} prefixes the PNG names). */
    String markdown(String imageDir) {
        StringBuilder sb = new StringBuilder(intro()).append("\n\n");
        if (!measured) {
            sb.append("_Not measured in this run._\n\n");
        }
        blocks.forEach(b -> sb.append(b.markdown(imageDir)));
        return sb.toString();
    }

    String html() {
        StringBuilder sb = new StringBuilder("<p>").append(Html.inline(intro())).append("</p>");
        if (!measured) {
            sb.append("<p><i>Not measured in this run.</i></p>");
        }
        blocks.forEach(b -> sb.append(b.html()));
        return sb.toString();
    }

    private String intro() {
        return question + (seed.isEmpty() ? "" : " (" + seed + ", the README's write-ups; method and full tables: `" + docs + "`)");
    }

    void save(Path runDir) {
        Path f = runDir.resolve(DIR).resolve(id + ".json");
        try {
            Files.createDirectories(f.getParent());
            Path tmp = f.resolveSibling(f.getFileName() + ".part");
            JSON.writeValue(tmp.toFile(), this);
            Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new TargetFailure("cannot write " + f + " (" + e.getMessage() + ")");
        }
    }

    /** Every section rendered into the run folder, in report order. */
    public static List<Rendered> load(Path runDir) {
        Path d = runDir.resolve(DIR);
        List<Rendered> out = new ArrayList<>();
        if (!Files.isDirectory(d)) {
            return out;
        }
        try (Stream<Path> files = Files.list(d)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                out.add(JSON.readValue(f.toFile(), Rendered.class));
            }
        } catch (IOException e) {
            throw new TargetFailure("cannot read the rendered sections in " + d + " (" + e.getMessage() + ")");
        }
        out.sort(Comparator.comparingInt(Rendered::order).thenComparing(Rendered::id));
        return out;
    }
}
