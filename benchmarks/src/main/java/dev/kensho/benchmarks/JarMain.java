package dev.kensho.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * The Main-Class of {@code kensho-benchmarks.jar}. Compiled for Java 8 so that an older {@code java} reaches it
 * and says in one line that the suite needs 17 (every other class of the jar is Java 17 and would fail with a
 * class-version error); then it hands the arguments to the launcher, {@code BenchMain.standalone}, or, when the first
 * names a command, to the run-folder commands ({@code dev.kensho.report.cli.Commands}).
 *
 * <pre>
 * java [-Dkensho.*=…] -jar kensho-benchmarks.jar [regex] [JMH flags]
 * java [-Dkensho.*=…] -jar kensho-benchmarks.jar compare|report|merge|pool|docs [--help] …
 * java -jar kensho-benchmarks.jar --version
 * </pre>
 */
public final class JarMain {

    static final int REQUIRED_JAVA = 17;
    /** The build's record of the jar: version, commit, working tree, time ({@code benchmarks/pom.xml} writes it). */
    static final String VERSION_FILE = "/kensho-version.properties";
    static final String LAUNCHER = "dev.kensho.launcher.BenchMain";
    /** The run-folder commands ({@code compare}, {@code report}, …; their names: {@code Commands.NAMES}). */
    static final String COMMANDS = "dev.kensho.report.cli.Commands";
    static final List<String> COMMAND_NAMES =
            Arrays.asList("compare", "report", "merge", "pool", "docs", "--help");

    private JarMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 1 && args[0].equals("--version")) {
            System.out.println(version()); // on any Java: what the jar is, before what it needs
            return;
        }
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

    /**
     * {@code --version}: the suite's version and the commit the jar was built from ({@value #VERSION_FILE}, written by
     * the build; {@code KENSHO_COMMIT} where the build had no git, as in the image), then JMH's version and this Java.
     */
    static String version() {
        Properties p = new Properties();
        try (InputStream in = JarMain.class.getResourceAsStream(VERSION_FILE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // said below as unknown
        }
        String commit = p.getProperty("commit", "unknown");
        String tree = p.getProperty("tree", "unknown");
        String env = System.getenv("KENSHO_COMMIT");
        String from;
        if (!commit.equals("unknown")) {
            from = "commit " + commit + (tree.equals("clean") ? "" : tree.equals("modified")
                    ? " with local changes" : " (working tree unknown)");
        } else if (env != null && !env.trim().isEmpty() && !env.trim().equals("unknown")) {
            from = "commit " + env.trim() + " (KENSHO_COMMIT)";
        } else {
            from = "commit unknown (built without git)";
        }
        String jmh;
        try {
            jmh = "JMH " + Class.forName("org.openjdk.jmh.util.Version").getMethod("getPlainVersion").invoke(null);
        } catch (ReflectiveOperationException | LinkageError e) {
            jmh = "JMH unknown";
        }
        return "kensho-benchmarks " + p.getProperty("version", "unknown") + ", " + from + ", built "
                + p.getProperty("built", "unknown") + "\n" + jmh + "; this java: " + System.getProperty("java.version", "?")
                + " (" + System.getProperty("java.home", "?") + ")";
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
