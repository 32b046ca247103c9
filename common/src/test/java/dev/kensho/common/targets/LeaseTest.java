package dev.kensho.common.targets;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which leases are alive: one the server no longer holds is not; one naming this host and a pid that has ended is
 * not; one naming another machine is, whatever its pid. And a claim held by one JVM alone is claimed and released.
 */
class LeaseTest {

    @Test
    void aLeaseOfAnEndedLocalProcessOrNoneIsNotAlive() {
        assertFalse(Lease.alive(null), "expired or released");
        assertTrue(Lease.alive("r other-host 1"), "another machine's lease lives until it expires");
        assertTrue(Lease.alive("r other-host 1 some-boot"));
        long me = ProcessHandle.current().pid();
        assertTrue(Lease.alive(Lease.of("r")));
        assertTrue(Lease.alive("r " + Lease.host() + " " + me));
        assertFalse(Lease.alive("r " + Lease.host() + " " + Long.MAX_VALUE));
        assertTrue(Lease.alive("r " + Lease.host() + " " + Long.MAX_VALUE + " another-boot"),
                "the same host name after a reboot, or another machine of that name: its pids mean nothing here");
        assertTrue(Lease.alive("r " + Lease.host() + " not-a-pid"), "not the suite's format: assumed held");
    }

    @Test
    void aLeaseNamesItsRun() {
        assertEquals("run-1", Lease.run(Lease.of("run-1")));
        assertEquals("run-1", Lease.run("run-1 h 1"));
        assertNull(Lease.run(null));
        assertEquals("run-1 on h, pid 7", Lease.who("run-1 h 7 0f1e-boot"), "the boot id is not for people");
        assertEquals("odd", Lease.who("odd"), "a lease not in the suite's form is shown as it is");
        assertTrue(Lease.of("run-1").startsWith("run-1 " + Lease.host() + " " + ProcessHandle.current().pid()));
    }

    @Test
    void aClaimHeldByOneJvmIsClaimedThenReleasedWithItsNote() {
        List<String> calls = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Claims.Claim c = new Claims.Claim() {
            @Override
            public String key() {
                return "test";
            }

            @Override
            public void claim(String runId, java.util.function.Consumer<String> note) {
                calls.add("claim " + runId);
            }

            @Override
            public void renew(String runId) {
                calls.add("renew " + runId);
            }

            @Override
            public String release(String runId) {
                calls.add("release " + runId);
                return "left 2 keys";
            }

            @Override
            public void interrupted() {
                calls.add("interrupted");
            }
        };
        try (Claims.Held held = Claims.hold(c, "adhoc-1", notes::add)) {
            assertEquals(List.of("claim adhoc-1"), calls);
        }
        assertEquals("release adhoc-1", calls.get(calls.size() - 1));
        assertEquals(List.of("left 2 keys"), notes);
    }
}
