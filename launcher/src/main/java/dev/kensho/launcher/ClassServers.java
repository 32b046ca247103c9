package dev.kensho.launcher;

import dev.kensho.api.ParamRules;
import dev.kensho.common.targets.ClassServer;

import java.util.Map;
import java.util.function.Function;

/**
 * The class servers ({@link ParamRules#classServer}) of one run. A class's server is started before its
 * forks and its attach properties set in this JVM (a {@code -f 0} run attaches here) and handed to the
 * forks' command lines. A server declared with a sharing key stays up for the next class that declares the
 * same key — the classes of hbase-meter share one embedded cluster (~10 s to start, ~10 s to warm) instead of
 * starting five — and stops when a class without that key comes, when a class fails (the next one must not
 * inherit a broken server) or when the run ends ({@link #close()}). Without a key a server is its class's own.
 */
final class ClassServers implements AutoCloseable {

    private String key;
    private ClassServer server;
    private Map<String, String> attach = Map.of();

    /** Runs {@code body} (one class; returns its failure line or null) with its server up; see the class comment. */
    String run(ParamRules rules, Function<Map<String, String>, String> body) {
        String k = rules == null ? null : rules.classServerKey();
        if (server != null && (k == null || !k.equals(key))) {
            close();
        }
        if (server == null && rules != null) {
            ClassServer s = rules.startClassServer();
            if (s != null) {
                server = s;
                key = k;
                try {
                    attach = s.attach();
                    attach.forEach(System::setProperty);
                } catch (RuntimeException e) {
                    close();
                    throw e;
                }
            }
        }
        boolean ok = false;
        try {
            String failure = body.apply(attach);
            ok = failure == null;
            return failure;
        } finally {
            if (!ok || key == null) {
                close();
            }
        }
    }

    /** Stops the server kept for a next class, if any, and clears its properties. */
    @Override
    public void close() {
        attach.keySet().forEach(System::clearProperty);
        attach = Map.of();
        ClassServer s = server;
        server = null;
        key = null;
        if (s != null) {
            s.close();
        }
    }
}
