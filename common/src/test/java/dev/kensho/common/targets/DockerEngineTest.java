package dev.kensho.common.targets;

import org.junit.jupiter.api.Test;
import org.testcontainers.utility.TestcontainersConfiguration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * What the suite changes in Testcontainers before its first container, without a Docker engine: its start-up checks
 * and how it finds the engine, through documented settings; Ryuk stays as the user's environment says.
 */
class DockerEngineTest {

    @Test
    void preparingLeavesRyukOnUnlessTheEnvironmentTurnsItOff() {
        assumeTrue(System.getenv(DockerEngine.RYUK_DISABLED) == null, "the environment sets " + DockerEngine.RYUK_DISABLED);
        DockerEngine.prepareTestcontainers();
        assertFalse(DockerEngine.ryukOff(), "Testcontainers' Ryuk is on: nothing but its own setting turns it off");
        if (System.getenv("TESTCONTAINERS_CHECKS_DISABLE") == null) {
            assertEquals("true", TestcontainersConfiguration.getInstance().getUserProperties().getProperty("checks.disable"));
        }
        if (System.getenv("TESTCONTAINERS_DOCKER_CLIENT_STRATEGY") == null) {
            assertEquals(DockerEngine.Strategy.class.getName(),
                    TestcontainersConfiguration.getInstance().getUserProperties().getProperty("docker.client.strategy"));
        }
    }
}
