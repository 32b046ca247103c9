package dev.kensho.common.runfiles;

import dev.kensho.common.Setting;
import dev.kensho.common.BadInput;

import java.util.Optional;

/**
 * Whether a benchmark runs under the kensho launcher. The launcher hands every JMH fork its run folder
 * ({@code kensho.runDir}), the server it shares with the class ({@code kensho.hbase.attach}) and the checked
 * settings; a benchmark that JMH started on its own — an IDE's JMH plugin, {@code org.openjdk.jmh.Main}, a plain
 * {@code Runner} — has none of them, and would measure a server no one recorded into no run folder. Every target
 * asks {@link #require} before it obtains a server, so such a run stops in one line naming the {@code main} to run.
 * A unit test that calls a benchmark's {@code @Setup} itself is not inside JMH and passes.
 */
public final class Launched {

    /** Where JMH puts the classes it generates for a benchmark ({@code <package>.jmh_generated.<Class>_<method>_jmhTest}). */
    private static final String GENERATED = ".jmh_generated.";

    private Launched() {
    }

    /** Refuses, in one line, a benchmark that JMH runs without the launcher. */
    public static void require() {
        if (Setting.RUN_DIR.get() != null) {
            return;
        }
        benchmarkOnStack().ifPresent(cls -> {
            throw new BadInput(cls + " was started by JMH without the kensho launcher (an IDE's JMH plugin or"
                    + " org.openjdk.jmh.Main): no run folder, no server of the suite's; allowed: run " + cls + ".main, or java -jar"
                    + " kensho-benchmarks.jar " + cls.substring(cls.lastIndexOf('.') + 1));
        });
    }

    /** The benchmark class whose JMH-generated code is on this thread's stack, if any. */
    static Optional<String> benchmarkOnStack() {
        return StackWalker.getInstance().walk(frames -> frames.map(StackWalker.StackFrame::getClassName)
                .filter(c -> c.contains(GENERATED)).findFirst()).map(Launched::benchmarkOf);
    }

    /** {@code a.b.jmh_generated.Foo_bar_jmhTest} → {@code a.b.Foo}. */
    static String benchmarkOf(String generated) {
        int at = generated.indexOf(GENERATED);
        String simple = generated.substring(at + GENERATED.length());
        int end = simple.indexOf('_');
        return generated.substring(0, at) + "." + (end > 0 ? simple.substring(0, end) : simple);
    }
}
