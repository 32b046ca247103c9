package dev.kensho.redis.pubsub;

import dev.kensho.common.BadInput;
import dev.kensho.common.Scale;
import dev.kensho.api.ParamRules;
import dev.kensho.launcher.ScaleTable;
import dev.kensho.common.runfiles.Case;
import dev.kensho.redis.pubsub.client.Client;
import dev.kensho.redis.pubsub.client.Messages;
import dev.kensho.redis.pubsub.client.PubSubMode;
import dev.kensho.redis.pubsub.flow.OutputBufferLimit;
import dev.kensho.redis.pubsub.flow.PublishLoop;
import dev.kensho.redis.pubsub.flow.StreamSpec;
import dev.kensho.redis.pubsub.flow.Transport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openjdk.jmh.annotations.Param;

import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every param of this module's benchmarks is validated before any server starts: one line naming the
 * param, the value and what is allowed. And every value the annotations and the scale file use passes.
 */
class PubSubBadInputTest {

    static final List<Class<?>> BENCHMARKS = List.of(PubSubThroughputBenchmark.class, PubSubFanoutBenchmark.class,
            PubSubStreamLatencyBenchmark.class, PubSubSlowSubscriberBenchmark.class);

    @ParameterizedTest(name = "{0}: {1}={2}")
    @CsvSource({
            "PubSubThroughputBenchmark, messageBytes, 0",
            "PubSubThroughputBenchmark, messageBytes, 15",
            "PubSubThroughputBenchmark, messageBytes, 536870913",
            "PubSubThroughputBenchmark, messageBytes, 1k",
            "PubSubThroughputBenchmark, messageBytes, -16",
            "PubSubThroughputBenchmark, transport, UDP",
            "PubSubThroughputBenchmark, transport, jedis",
            "PubSubThroughputBenchmark, publisher, BATCHED",
            "PubSubThroughputBenchmark, publisher, sync",
            "PubSubThroughputBenchmark, windowBytes, 0",
            "PubSubThroughputBenchmark, windowBytes, 2147483648",
            "PubSubFanoutBenchmark, subscribers, 0",
            "PubSubFanoutBenchmark, subscribers, -1",
            "PubSubFanoutBenchmark, subscribers, 257",
            "PubSubFanoutBenchmark, mode, CLUSTER",
            "PubSubFanoutBenchmark, client, REDISSON",
            "PubSubFanoutBenchmark, messageBytes, 0",
            "PubSubStreamLatencyBenchmark, stream, 680B@0Hz",
            "PubSubStreamLatencyBenchmark, stream, 680B@-5Hz",
            "PubSubStreamLatencyBenchmark, stream, 0B@1000Hz",
            "PubSubStreamLatencyBenchmark, stream, 600000000B@10Hz",
            "PubSubStreamLatencyBenchmark, stream, 680B@2000000Hz",
            "PubSubStreamLatencyBenchmark, stream, NGEM",
            "PubSubStreamLatencyBenchmark, client, TCP",
            "PubSubSlowSubscriberBenchmark, publishRate, 0",
            "PubSubSlowSubscriberBenchmark, subscriberRate, 0",
            "PubSubSlowSubscriberBenchmark, subscriberRate, -200",
            "PubSubSlowSubscriberBenchmark, hardLimitBytes, 0",
            "PubSubSlowSubscriberBenchmark, hardLimitBytes, 4mb",
            "PubSubSlowSubscriberBenchmark, sampleMillis, 0",
            "PubSubSlowSubscriberBenchmark, maxSeconds, 0",
            "PubSubSlowSubscriberBenchmark, maxSeconds, 601",
            "PubSubSlowSubscriberBenchmark, messageBytes, 536870913",
    })
    void badParamIsOneLineNamingIt(String cls, String param, String value) throws Exception {
        ParamRules rules = rules(Class.forName(getClass().getPackageName() + "." + cls));
        assertTrue(rules.covers(param), cls + " has a rule for " + param);
        BadInput e = assertThrows(BadInput.class, () -> rules.check(param, value));
        assertTrue(e.getMessage().startsWith(param + "=" + value), e.getMessage());
        assertTrue(e.getMessage().contains("allowed"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line");
    }

    @Test
    void setupRejectsBadValuesBeforeStartingAnything() {
        PubSubThroughputBenchmark t = new PubSubThroughputBenchmark();
        t.transport = Transport.JEDIS;
        t.publisher = PublishLoop.SYNC;
        t.messageBytes = 0;
        t.windowBytes = 1 << 20;
        assertThrows(BadInput.class, () -> t.start(new Case("x.publish", Map.of("transport", "JEDIS", "publisher", "SYNC",
                "messageBytes", "0", "windowBytes", Integer.toString(1 << 20)))));
        assertEquals(null, t.flow(), "nothing opened");

        PubSubFanoutBenchmark f = new PubSubFanoutBenchmark();
        f.client = Client.JEDIS;
        f.mode = PubSubMode.CLASSIC;
        f.subscribers = 0;
        f.messageBytes = 256;
        f.windowBytes = 1 << 20;
        assertThrows(BadInput.class, () -> f.start(new Case("x.publishFanout", Map.of("client", "JEDIS", "mode", "CLASSIC",
                "subscribers", "0", "messageBytes", "256", "windowBytes", Integer.toString(1 << 20)))));

        PubSubStreamLatencyBenchmark s = new PubSubStreamLatencyBenchmark();
        s.client = Client.JEDIS;
        s.stream = "680B@0Hz";
        assertThrows(BadInput.class, () -> s.start(new Case("x.publishAtStreamRate", Map.of("client", "JEDIS", "stream", "680B@0Hz"))));

        PubSubSlowSubscriberBenchmark w = new PubSubSlowSubscriberBenchmark();
        w.client = Client.JEDIS;
        w.messageBytes = 4096;
        w.publishRate = 2000;
        w.subscriberRate = 0;
        w.hardLimitBytes = 1 << 22;
        w.sampleMillis = 50;
        w.maxSeconds = 10;
        assertThrows(BadInput.class, () -> w.start(new Case("x.floodSlowSubscriber", Map.of("client", "JEDIS", "messageBytes", "4096",
                "publishRate", "2000", "subscriberRate", "0", "hardLimitBytes", Integer.toString(1 << 22), "sampleMillis", "50",
                "maxSeconds", "10"))));
    }

    @Test
    void everyDefaultAndScaleValuePasses() throws Exception {
        for (Class<?> cls : BENCHMARKS) {
            ParamRules rules = rules(cls);
            for (Field f : cls.getDeclaredFields()) {
                Param p = f.getAnnotation(Param.class);
                if (p == null) {
                    continue;
                }
                assertTrue(rules.covers(f.getName()), cls.getSimpleName() + "." + f.getName() + " has a rule");
                for (String v : p.value()) {
                    assertDoesNotThrow(() -> rules.check(f.getName(), v), cls.getSimpleName() + "." + f.getName() + "=" + v);
                }
                for (Scale sc : Scale.values()) {
                    String[] vs = new ScaleTable(sc).param(cls, f.getName());
                    for (String v : vs == null ? new String[0] : vs) {
                        assertDoesNotThrow(() -> rules.check(f.getName(), v), sc.id() + "." + cls.getSimpleName() + "." + f.getName() + "=" + v);
                    }
                }
            }
        }
    }

    @Test
    void namedStreamsAndLimitsParse() {
        assertEquals(StreamSpec.NGEM, StreamSpec.parse("NGEM_1500B_1KHZ"));
        assertEquals(StreamSpec.PSD, StreamSpec.parse("psd_680b_3300hz"));
        StreamSpec c = StreamSpec.parse("4096B@500Hz");
        assertEquals(4096, c.messageBytes());
        assertEquals(500, c.rateHz());
        OutputBufferLimit l = OutputBufferLimit.parse("normal 0 0 0 slave 268435456 67108864 60 pubsub 33554432 8388608 60");
        assertEquals(new OutputBufferLimit(33554432, 8388608, 60), l);
        assertTrue(l.sane());
        assertFalse(OutputBufferLimit.parse("pubsub 0 0 0").sane());
        assertFalse(OutputBufferLimit.parse("pubsub 107374182400 107374182400 60").sane());
        assertThrows(IllegalArgumentException.class, () -> Messages.template(15));
    }

    static ParamRules rules(Class<?> cls) throws Exception {
        return (ParamRules) cls.getField("RULES").get(null);
    }
}
