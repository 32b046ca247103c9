/**
 * What an experiment implements, and all of the suite it needs to name to be run: {@link BenchmarkState} (the JMH
 * defaults and the trial's life cycle, setup → check → open(case) → close), {@link ParamRules} (what each
 * {@code @Param} may be, and what the class needs of its target), {@link ClassEnd} (what must end with a class run in
 * the launcher's JVM) and {@link Kensho#main} (a benchmark class's {@code main}). The case a trial opens is
 * {@link dev.kensho.common.runfiles.Case}; the servers come from the target modules. The launcher implements
 * {@link Launcher} and is found at run time, so no experiment names it.
 */
package dev.kensho.api;
