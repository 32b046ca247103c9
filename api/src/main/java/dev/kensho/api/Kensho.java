package dev.kensho.api;

import java.io.PrintStream;
import java.util.Iterator;
import java.util.ServiceLoader;

/**
 * The {@code main} of every benchmark class: {@code public static void main(String[] args) { Kensho.main(X.class,
 * args); }} runs that class alone through the launcher (its plan, servers, forks, run folder and report), as
 * {@code -Pbench} and the jar do. The launcher is found on the class path ({@link Launcher}); where it is missing
 * the run stops in one line saying what to add, with exit status 2.
 */
public final class Kensho {

    private Kensho() {
    }

    /** Runs {@code benchmarkClass} through the launcher on its class path; exits the JVM with the run's status. */
    public static void main(Class<?> benchmarkClass, String[] args) {
        int status = launch(benchmarkClass, args, launchers(benchmarkClass.getClassLoader()), System.err);
        if (status != 0) {
            System.exit(status);
        }
    }

    /** The launchers {@code loader} sees (the launcher module's one, or none). */
    static Iterator<Launcher> launchers(ClassLoader loader) {
        return ServiceLoader.load(Launcher.class, loader).iterator();
    }

    /** Hands the class to the first launcher found; none found: one line on {@code err} and status 2. */
    static int launch(Class<?> benchmarkClass, String[] args, Iterator<Launcher> found, PrintStream err) {
        if (!found.hasNext()) {
            err.println(missing(benchmarkClass));
            return 2;
        }
        found.next().main(benchmarkClass, args);
        return 0;
    }

    /** The line a run without a launcher prints. */
    static String missing(Class<?> benchmarkClass) {
        return "kensho: no launcher on the class path to run " + benchmarkClass.getSimpleName()
                + ": add dev.kensho:kensho-launcher to its module's dependencies (scope runtime), or run it from "
                + "kensho-benchmarks.jar";
    }
}
