package dev.kensho.common.profile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The servers of this JVM's benchmark that a profiled run records beside the benchmark JVM. A target registers
 * its server when it starts ({@link #register}) and closes the registration when it stops; {@link CaseProfiler}
 * records every registered server while a case is measured: a {@link Kind#JVM} (the HBase mini cluster) with
 * JFR through {@code jcmd}, a {@link Kind#NATIVE} process (redis-server) with {@code perf}. Registering costs
 * nothing when the run is not profiled: nothing reads the registry then.
 */
public final class ServerProfiles {

    /** How a server can be profiled. */
    public enum Kind { JVM, NATIVE }

    /**
     * One server: {@code name} names its files ({@code redis-server}, {@code hbase-server}), {@code what} is how
     * the reader knows it ("embedded redis-server (pid 123)"), {@code named} what the reader can do when a native
     * server's binary names no functions, so that its profile does (one sentence: what to install, which setting to
     * give; null when there is nothing to say).
     */
    public record Server(Kind kind, long pid, String name, String what, String named) {

        public Server(Kind kind, long pid, String name, String what) {
            this(kind, pid, name, what, null);
        }
    }

    /** Ends a registration. */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    private static final Map<Object, Server> LIVE = new LinkedHashMap<>();
    private static Consumer<Server> listener = s -> { };

    private ServerProfiles() {
    }

    public static synchronized Registration register(Server server) {
        Object key = new Object();
        LIVE.put(key, server);
        listener.accept(server);
        return () -> {
            synchronized (ServerProfiles.class) {
                LIVE.remove(key);
            }
        };
    }

    /**
     * The servers registered now, in the order they started, and from now on {@code l} hears of each one registered
     * later (JMH runs a trial's set-up inside its first iteration when there is no warm-up: a case's server can start
     * after its recording has); {@code null} stops it.
     */
    static synchronized List<Server> liveAndListen(Consumer<Server> l) {
        listener = l == null ? s -> { } : l;
        return new ArrayList<>(LIVE.values());
    }
}
