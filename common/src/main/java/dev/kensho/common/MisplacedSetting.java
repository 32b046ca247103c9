package dev.kensho.common;

import java.util.Optional;
import java.util.Set;

/**
 * A {@code -Dname=value} given where arguments go — after {@code -jar} on the jar's command line, among a class's
 * program arguments, inside {@code kensho.args} — reaches no system property: JMH would take it for a benchmark
 * name and the setting would silently not apply. The entry points refuse it in one line that says where it goes.
 * A {@code -D} that is the value of JMH's {@code -jvmArgs}, {@code -jvmArgsAppend} or {@code -jvmArgsPrepend} is
 * JMH's and passes.
 */
public final class MisplacedSetting {

    /** Where the arguments came from, for the line that says where the setting goes instead. */
    public enum Entry {
        /** {@code java -jar kensho-benchmarks.jar …} */
        JAR,
        /** {@code ./mvnw verify -Pbench -Dkensho.args=…} */
        MAVEN,
        /** a benchmark class's {@code main} (an IDE's program arguments) */
        MAIN
    }

    private static final Set<String> JVM_ARGS = Set.of("-jvmArgs", "-jvmArgsAppend", "-jvmArgsPrepend");

    private MisplacedSetting() {
    }

    /** The first {@code -D…} of {@code args} (split) that is not the value of a {@code -jvmArgs…} flag. */
    public static Optional<String> find(String[] args) {
        for (int i = 0; i < args.length; i++) {
            if (JVM_ARGS.contains(args[i])) {
                i++;
            } else if (args[i].startsWith("-D") && args[i].length() > 2) {
                return Optional.of(args[i]);
            }
        }
        return Optional.empty();
    }

    /** Refuses {@code args} (split) with one line if one of them is a {@code -D} setting. */
    public static void refuse(String[] args, Entry entry) {
        Optional<String> d = find(args);
        if (d.isEmpty()) {
            return;
        }
        String arg = d.get();
        throw new BadInput(switch (entry) {
            case JAR -> arg + " after -jar is an argument of the jar, not a setting: settings go before -jar (java " + arg
                    + " -jar kensho-benchmarks.jar …)";
            case MAVEN -> arg + " inside -D" + Setting.ARGS.key() + " is a JMH argument, not a setting: give it to Maven"
                    + " beside the others (./mvnw verify -Pbench " + arg + " …)";
            case MAIN -> arg + " is a program argument here, not a setting: give it to the JVM (java " + arg
                    + " …; an IDE's VM options)";
        });
    }
}
