package dev.kensho.redis.pubsub;

import dev.kensho.common.TargetFailure;
import dev.kensho.common.runfiles.Case;
import dev.kensho.redis.pubsub.flow.PublishLoop;
import dev.kensho.redis.pubsub.flow.ReceivedCounters;
import dev.kensho.redis.pubsub.flow.Transport;
import dev.kensho.targets.redis.servers.EmbeddedRedis;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The server dies mid-run: the benchmark fails (it does not hang) with one message naming the target, for both clients. */
class PubSubServerDiesTest {

    @Test
    void killedServerFailsFastWithTheTargetNamed() {
        for (Transport t : new Transport[]{Transport.JEDIS, Transport.LETTUCE}) {
            for (PublishLoop loop : PublishLoop.values()) {
                PubSubThroughputBenchmark b = new PubSubThroughputBenchmark();
                b.transport = t;
                b.publisher = loop;
                b.messageBytes = 1024;
                b.windowBytes = 1 << 20;
                b.open(new Case(PubSubThroughputBenchmark.class.getName() + ".publish",
                        Map.of("transport", t.name(), "publisher", loop.name())));
                try {
                    ReceivedCounters c = new ReceivedCounters();
                    b.startIteration();
                    for (int i = 0; i < 1000; i++) {
                        b.publish(c);
                    }
                    EmbeddedRedis server = (EmbeddedRedis) b.target();
                    String name = server.describe();
                    server.process().close();
                    TargetFailure e = assertThrows(TargetFailure.class, () -> {
                        for (int i = 0; i < 10_000_000; i++) {
                            b.publish(c);
                        }
                    });
                    assertTrue(e.getMessage().contains(name), e.getMessage());
                    assertFalse(e.getMessage().contains("\n"), "one line");
                    System.out.println(t + " " + loop + ": " + e.getMessage());
                } finally {
                    b.close();
                }
            }
        }
    }
}
