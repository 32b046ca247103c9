package dev.kensho.benchmarks;

import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;
import java.util.List;

/**
 * The Main-Class of {@code kensho-benchmarks.jar}. Compiled for Java 8 so that an older {@code java} reaches it
 * and says in one line that the suite needs 17 (every other class of the jar is Java 17 and would fail with a
 * class-version error); then it hands the arguments to the launcher, {@code BenchMain.standalone}, or, when the first
 * names a command, to the run-folder commands ({@code dev.kensho.report.cli.Commands}).
 *
 * <pre>
 * java [-Dkensho.*=…] -jar kensho-benchmarks.jar [regex] [JMH flags]
 * java [-Dkensho.*=…] -jar kensho-benchmarks.jar compare|report|merge|pool|docs [--help] …
 * </pre>
 */
public final class JarMain {

    static final int REQUIRED_JAVA = 17;
    static final String LAUNCHER = "dev.kensho.launcher.BenchMain";
    /** The run-folder commands ({@code compare}, {@code report}, …; their names: {@code Commands.NAMES}). */
    static final String COMMANDS = "dev.kensho.report.cli.Commands";
    static final List<String> COMMAND_NAMES =
            Arrays.asList("compare", "report", "merge", "pool", "docs", "--help");

    private JarMain() {
    }

    public static void main(String[] args) throws Exception {
        String version = System.getProperty("java.specification.version", "?");
        if (major(version) < REQUIRED_JAVA) {
            System.err.println("kensho: kensho-benchmarks.jar needs Java " + REQUIRED_JAVA + " or 21; this java ("
                    + System.getProperty("java.home") + ") is " + version);
            System.exit(2);
        }
        try {
            if (args.length > 0 && COMMAND_NAMES.contains(args[0])) {
                Class.forName(COMMANDS).getMethod("main", String[].class).invoke(null, (Object) args);
                return;
            }
            Class.forName(LAUNCHER).getMethod("standalone", String[].class).invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception ? (Exception) e.getCause() : e;
        }
    }

    /** "1.8" → 8, "17" → 17; 0 when unreadable. */
    static int major(String version) {
        String v = version.startsWith("1.") ? version.substring(2) : version;
        int end = 0;
        while (end < v.length() && Character.isDigit(v.charAt(end))) {
            end++;
        }
        return end == 0 ? 0 : Integer.parseInt(v.substring(0, end));
    }
}
