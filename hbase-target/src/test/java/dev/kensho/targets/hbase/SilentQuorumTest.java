package dev.kensho.targets.hbase;

import dev.kensho.common.TargetFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.net.ServerSocket;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An external ZooKeeper quorum that accepts connections and never answers: one clear line, not a hang (the client's
 * bounded retries end it; how soon is not this test's business).
 * The 20 s are the client's two 10 s ZooKeeper reads, idle on a socket: the class runs beside the module's other
 * test classes (which run one at a time), not before or after them ({@code junit-platform.properties}).
 */
@Execution(ExecutionMode.CONCURRENT)
class SilentQuorumTest {

    @Test
    void silentQuorumFailsInOneLineNamingTheTarget() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            ExternalHBase t = ExternalHBase.parse("127.0.0.1:" + silent.getLocalPort(), "/hbase");
            TargetFailure e = assertThrows(TargetFailure.class, t::ensureNamespace);
            assertTrue(e.getMessage().startsWith("external HBase (zookeeper 127.0.0.1:"), e.getMessage());
            assertTrue(e.getMessage().lines().count() == 1, e.getMessage());
            t.close();
        }
    }
}
