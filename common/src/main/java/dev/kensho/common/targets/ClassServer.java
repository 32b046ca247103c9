package dev.kensho.common.targets;

import java.util.Map;

/**
 * A server the launcher starts once for every fork of one benchmark class and stops when the class has run
 * (declared with {@code dev.kensho.api.ParamRules.classServer}). A fork attaches to it through the system properties of
 * {@link #attach()} instead of starting its own: the embedded HBase mini cluster costs a JVM and ~10 s to
 * start, which every fork of a 30-cell matrix would pay again. Each fork still creates and drops its own
 * tables; what the class's forks share is the server's process (its JIT, heap and files).
 */
public interface ClassServer extends AutoCloseable {

    /** {@code kensho.*} system properties that make a fork (or the launcher's JVM, at {@code -f 0}) attach. */
    Map<String, String> attach();

    /** Stops the server (and deletes what it wrote); never throws. */
    @Override
    void close();
}
