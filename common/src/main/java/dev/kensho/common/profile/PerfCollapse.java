package dev.kensho.common.profile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code perf script -F comm,tid,ip,sym,dso} output folded into collapsed stacks ({@code root;…;leaf count}, the
 * format async-profiler's converter and Brendan Gregg's flame graphs read). Kernel frames end in {@code _[k]}
 * (the converter colours them); a frame perf cannot name (a stripped binary, such as the redis-server bundled in
 * embedded-redis) is {@code [<binary>]}, and runs of the same unnamed frame fold into one.
 */
public final class PerfCollapse {

    private PerfCollapse() {
    }

    /** Stack → samples. */
    public static Map<String, Long> collapse(String script) {
        Map<String, Long> out = new TreeMap<>();
        List<String> frames = new ArrayList<>();
        boolean inSample = false;
        for (String line : (script + "\n\n").split("\n", -1)) {
            if (line.isBlank()) {
                if (inSample && !frames.isEmpty()) {
                    Collections.reverse(frames);
                    out.merge(String.join(";", frames), 1L, Long::sum);
                }
                frames.clear();
                inSample = false;
            } else if (!Character.isWhitespace(line.charAt(0))) {
                inSample = true; // "comm tid": a sample's header
            } else if (inSample) {
                String f = frame(line.trim());
                if (frames.isEmpty() || !f.equals(frames.get(frames.size() - 1)) || !f.startsWith("[")) {
                    frames.add(f);
                }
            }
        }
        return out;
    }

    /** {@code ffffffff8202 tcp_write_xmit ([kernel.kallsyms])} → {@code tcp_write_xmit_[k]}. */
    static String frame(String line) {
        String[] p = line.split("\\s+", 2);
        String rest = p.length > 1 ? p[1] : "";
        int dsoAt = rest.lastIndexOf(" (");
        String sym = dsoAt >= 0 ? rest.substring(0, dsoAt).trim() : rest.trim();
        String dso = dsoAt >= 0 ? rest.substring(dsoAt + 2, rest.length() - (rest.endsWith(")") ? 1 : 0)) : "";
        sym = sym.replaceAll("\\+0x[0-9a-f]+$", "");
        boolean kernel = dso.startsWith("[kernel") || dso.endsWith(".ko");
        if (sym.isEmpty() || sym.equals("[unknown]")) {
            String bin = dso.isEmpty() || dso.equals("[unknown]") ? "unknown" : dso.substring(dso.lastIndexOf('/') + 1);
            return "[" + bin + "]";
        }
        return sym.replace(';', ':') + (kernel ? "_[k]" : "");
    }

    /** The collapsed-stack text, one {@code stack count} line per stack. */
    public static String text(Map<String, Long> stacks) {
        StringBuilder sb = new StringBuilder();
        stacks.forEach((s, n) -> sb.append(s).append(' ').append(n).append('\n'));
        return sb.toString();
    }
}
