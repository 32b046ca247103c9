package dev.kensho.common.profile;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** perf script output (as perf 6.1 prints it for redis-server here) folded into known collapsed stacks. */
class PerfCollapseTest {

    private static final String SCRIPT = """
            redis-server 15651\s
            \t          3d0e40 [unknown] (/tmp/rs/redis-server)

            redis-server 15651\s
            \tffffffff82029907 tcp_write_xmit+0x37 ([kernel.kallsyms])
            \tffffffff8202afa5 __tcp_push_pending_frames ([kernel.kallsyms])
            \t          3e0a87 [unknown] (/tmp/rs/redis-server)
            \t          9f5f80 [unknown] ([unknown])
            \t          9f5f80 [unknown] ([unknown])

            redis-server 15651\s
            \t          4a0001 dictFind+0x21 (/usr/bin/redis-server)
            \t          4b0002 main (/usr/bin/redis-server)

            redis-server 15651\s
            \t          4a0001 dictFind+0x40 (/usr/bin/redis-server)
            \t          4b0002 main (/usr/bin/redis-server)
            """;

    @Test
    void foldsSamplesIntoStacksRootFirst() {
        Map<String, Long> c = PerfCollapse.collapse(SCRIPT);
        assertEquals(Map.of(
                "[redis-server]", 1L,
                "[unknown];[redis-server];__tcp_push_pending_frames_[k];tcp_write_xmit_[k]", 1L,
                "main;dictFind", 2L), c);
        assertEquals("[redis-server] 1\n", PerfCollapse.text(Map.of("[redis-server]", 1L)));
    }
}
