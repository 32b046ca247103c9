package dev.kensho.report.profile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A differential flame graph of one claim's side (one SVG file, a tooltip per frame): the two cases' CPU stacks, each
 * as shares of its own samples, drawn as one graph. A frame's width is the mean of its two shares (so a frame only one
 * side has still shows), its colour the change of its share, numerator less denominator: red where the numerator's
 * case spends more of its samples there, blue where less, white where the same; the tooltip gives both shares. Shares,
 * not sample counts: the graph says where the time moved, not how much more there was (the ledger row says that).
 */
final class DiffFlameGraph {

    static final int WIDTH = 1200;
    static final int ROW = 16;
    private static final double MIN_PX = 0.3;

    /** A frame of the merged tree: its shares of each side's samples, inclusive of the frames above it. */
    static final class Node {
        final String name;
        double a;
        double b;
        final Map<String, Node> children = new TreeMap<>();

        Node(String name) {
            this.name = name;
        }

        double width() {
            return (a + b) / 2;
        }
    }

    private DiffFlameGraph() {
    }

    /** The merged tree of {@code numerator} and {@code denominator} (stack → weight), each side as shares of its total. */
    static Node tree(Map<String, Long> numerator, Map<String, Long> denominator) {
        Node root = new Node("all");
        add(root, numerator, true);
        add(root, denominator, false);
        return root;
    }

    private static void add(Node root, Map<String, Long> stacks, boolean numerator) {
        double total = stacks.values().stream().mapToLong(Long::longValue).sum();
        if (total <= 0) {
            return;
        }
        stacks.forEach((stack, n) -> {
            double share = n / total;
            Node at = root;
            bump(at, share, numerator);
            for (String f : stack.split(";")) {
                at = at.children.computeIfAbsent(f, Node::new);
                bump(at, share, numerator);
            }
        });
    }

    private static void bump(Node n, double share, boolean numerator) {
        if (numerator) {
            n.a += share;
        } else {
            n.b += share;
        }
    }

    /** Writes the graph of {@code numerator} against {@code denominator} to {@code out}, titled {@code title}. */
    static Path render(Map<String, Long> numerator, Map<String, Long> denominator, Path out, String title) throws IOException {
        Node root = tree(numerator, denominator);
        int depth = depth(root);
        double maxChange = Math.max(1e-9, maxChange(root));
        int height = (depth + 3) * ROW;
        StringBuilder svg = new StringBuilder();
        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(WIDTH).append("\" height=\"").append(height).append("\" font-family=\"monospace\" font-size=\"11\">\n")
                .append("<rect width=\"100%\" height=\"100%\" fill=\"#f8f8f8\"/>\n")
                .append("<text x=\"4\" y=\"13\">").append(esc(title)).append("</text>\n")
                .append("<text x=\"4\" y=\"").append(2 * ROW - 3).append("\">width: mean share of the two sides' samples;")
                .append(" red: more of the numerator's, blue: less (deepest colour ±")
                .append(String.format(Locale.ROOT, "%.1f pp", 100 * maxChange)).append(")</text>\n");
        draw(svg, root, 0, 0, WIDTH, height, maxChange);
        svg.append("</svg>\n");
        Path part = out.resolveSibling(out.getFileName() + ".part");
        Files.writeString(part, svg, StandardCharsets.UTF_8);
        Files.move(part, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        return out;
    }

    private static void draw(StringBuilder svg, Node n, int level, double x, double w, int height, double maxChange) {
        if (w < MIN_PX) {
            return;
        }
        double y = height - (level + 1) * ROW;
        double change = n.a - n.b;
        svg.append("<g><title>").append(esc(n.name)).append(" — numerator ").append(pct(n.a)).append(", denominator ")
                .append(pct(n.b)).append(", change ").append(pp(change)).append("</title><rect x=\"").append(fmt(x))
                .append("\" y=\"").append(fmt(y)).append("\" width=\"").append(fmt(Math.max(0.1, w - 0.5)))
                .append("\" height=\"").append(ROW - 1).append("\" fill=\"").append(colour(change / maxChange)).append("\"/>");
        int chars = (int) ((w - 4) / 7);
        if (chars >= 3) {
            String label = n.name.length() <= chars ? n.name : n.name.substring(0, chars - 2) + "..";
            svg.append("<text x=\"").append(fmt(x + 2)).append("\" y=\"").append(fmt(y + ROW - 4)).append("\">")
                    .append(esc(label)).append("</text>");
        }
        svg.append("</g>\n");
        double at = x;
        double scale = n.width() <= 0 ? 0 : w / n.width();
        for (Node c : n.children.values()) { // by name, as flame graphs order them
            double cw = c.width() * scale;
            draw(svg, c, level + 1, at, cw, height, maxChange);
            at += cw;
        }
    }

    /** {@code t} in −1…1: red for positive, blue for negative, white at 0. */
    static String colour(double t) {
        int fade = (int) Math.round(255 * (1 - Math.min(1, Math.abs(t))));
        return t >= 0 ? String.format(Locale.ROOT, "rgb(255,%d,%d)", fade, fade) : String.format(Locale.ROOT, "rgb(%d,%d,255)", fade, fade);
    }

    private static int depth(Node n) {
        int d = 0;
        for (Node c : n.children.values()) {
            d = Math.max(d, depth(c));
        }
        return d + 1;
    }

    private static double maxChange(Node n) {
        double m = Math.abs(n.a - n.b);
        for (Node c : n.children.values()) {
            m = Math.max(m, maxChange(c));
        }
        return m;
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String pct(double share) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * share);
    }

    private static String pp(double change) {
        return String.format(Locale.ROOT, "%+.1f pp", 100 * change);
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
