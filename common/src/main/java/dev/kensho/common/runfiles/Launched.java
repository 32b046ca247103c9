package dev.kensho.common.runfiles;

import java.util.Optional;

/**
 * Whether a benchmark runs inside JMH, and which: the launcher hands every JMH fork its run folder
 * ({@code kensho.runDir}), the server it shares with the class ({@code kensho.hbase.attach}) and the checked
 * settings; a benchmark that JMH started on its own — an IDE's JMH plugin, {@code org.openjdk.jmh.Main}, a plain
 * {@code Runner} — has none of them, and {@code dev.kensho.common.targets.WithoutLauncher} gives it what one fork can
 * have alone. A unit test that calls a benchmark's {@code @Setup} itself is not inside JMH.
 */
public final class Launched {

    /** Where JMH puts the classes it generates for a benchmark ({@code <package>.jmh_generated.<Class>_<method>_jmhTest}). */
    private static final String GENERATED = ".jmh_generated.";

    private Launched() {
    }

    /** The benchmark class whose JMH-generated code is on this thread's stack, if any. */
    public static Optional<String> benchmarkOnStack() {
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
