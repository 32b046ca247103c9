package dev.kensho.kinesis.batch;

import dev.kensho.targets.kinesis.EmbeddedKinesis;
import dev.kensho.targets.kinesis.KinesisTarget;
import dev.kensho.targets.kinesis.KinesisTargets;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The embedded kinesalite: loopback only, its version recorded, gone when closed. */
class EmbeddedKinesisTest {

    @Test
    void startsOnLoopbackOnlyAndLeavesNoProcess() throws IOException {
        List<ProcessHandle> handles;
        try (KinesisTarget t = KinesisTargets.open()) {
            EmbeddedKinesis k = assertInstanceOf(EmbeddedKinesis.class, t);
            handles = k.process().handles();
            assertTrue(handles.stream().anyMatch(h -> h.info().command().orElse("").endsWith("node")), "node runs");
            assertEquals("3.3.3", t.serverInfo().get("emulator_version"));
            assertEquals(List.of(), t.client().listStreams().streamNames());
            for (NetworkInterface ni : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                for (InetAddress a : Collections.list(ni.getInetAddresses())) {
                    if (a instanceof Inet4Address && !a.isLoopbackAddress()) {
                        try (Socket s = new Socket()) {
                            assertThrows(IOException.class, () -> s.connect(new InetSocketAddress(a, k.port()), 500),
                                    "kinesalite must not listen on " + a);
                        }
                    }
                }
            }
        }
        for (ProcessHandle h : handles) {
            assertFalse(h.isAlive(), "left running: " + h.pid() + " " + h.info().commandLine().orElse(""));
        }
    }

    @Test
    void suiteRefusesToDeleteStreamsOutsideItsPrefix() {
        try (KinesisTarget t = KinesisTargets.open()) {
            var e = assertThrows(dev.kensho.common.BadInput.class, () -> t.streams().delete("orders"));
            assertTrue(e.getMessage().startsWith("refusing to delete stream orders"), e.getMessage());
        }
    }

    /** The emulator dies mid-benchmark; the benchmark fails within seconds, naming the target. */
    @Test
    void deadEmulatorFailsTheBenchmarkQuicklyAndClearly() {
        var b = new BatchSweepBenchmark();
        b.batchSize = 10;
        b.recordBytes = 50;
        b.roundTripMs = 0;
        b.shards = 1;
        b.threads = 2;
        b.calls = 3;
        b.open(b.defaultCase());
        try {
            b.newStream();
            EmbeddedKinesis k = assertInstanceOf(EmbeddedKinesis.class, b.fx.target);
            ProcessHandle node = ProcessHandle.of(k.process().pid()).orElseThrow();
            node.destroyForcibly();
            node.onExit().join();
            long t0 = System.nanoTime();
            var e = assertThrows(dev.kensho.common.TargetFailure.class, b::putRecords);
            double s = (System.nanoTime() - t0) / 1e9;
            // what this guards against is a wait for the client's 2-minute API call timeout; a failure takes about a
            // second here, so the bound sits far from both, and a host 10x slower or busier still meets it
            assertTrue(s < 60, "took " + s + " s to fail");
            assertTrue(e.getMessage().startsWith("embedded kinesalite 3.3.3"), e.getMessage());
            assertTrue(e.getMessage().contains("has exited"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        } finally {
            b.close();
        }
    }
}
