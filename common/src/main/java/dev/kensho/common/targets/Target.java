package dev.kensho.common.targets;

import dev.kensho.common.runfiles.Recorder;

import java.util.Map;

/**
 * A server a benchmark runs against, whatever the system: how the suite obtained it, a description safe to print
 * (never a secret), its version and effective configuration for the run folder, and its end. The three systems'
 * targets ({@code RedisTarget}, {@code HBaseTarget}, {@code KinesisTarget}) live in modules of their own
 * (redis-target, hbase-target, kinesis-target), so an experiment module carries only the servers it uses.
 */
public interface Target extends AutoCloseable {

    /** How the server was obtained; one rule for all systems ({@link #choose}). */
    enum Kind { EMBEDDED, EXTERNAL, CONTAINER }

    Kind kind();

    /** Kind and address, never a password. */
    String describe();

    /** Version and effective configuration, secrets removed. */
    Map<String, Object> serverInfo();

    /** Records {@link #serverInfo()} in the current run folder. */
    default void record() {
        Recorder.server(serverInfo());
    }

    /** True when the suite started this server and may do anything to it. */
    default boolean owned() {
        return kind() != Kind.EXTERNAL;
    }

    @Override
    void close();

    /**
     * The suite's one rule for obtaining a server: an explicit external endpoint wins; else a container if the
     * user asked for one; else the embedded default. Inside a JMH run the launcher did not start, the embedded
     * default only, recording into a run folder of its own ({@link WithoutLauncher}).
     */
    static Kind choose(boolean externalGiven, boolean containerAsked) {
        Kind kind = externalGiven ? Kind.EXTERNAL : containerAsked ? Kind.CONTAINER : Kind.EMBEDDED;
        WithoutLauncher.require(kind == Kind.EMBEDDED); // a benchmark JMH started without the launcher: here
        return kind;
    }
}
