package dev.kensho.reliability.arch;

import dev.kensho.common.Settings;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The modules as read from the checkout: roots from the sources, what each may name from its pom's compile scope. */
class ModuleMapTest {

    @Test
    void theCheckoutsModulesAreReadWithTheirRootsAndFloors() {
        ModuleMap m = ModuleMap.read(Settings.root());
        assertEquals("redis-kv", m.roots().get("dev.kensho.redis.kv"));
        assertEquals("api", m.roots().get("dev.kensho.api"));
        assertEquals("hbase-target", m.roots().get("dev.kensho.targets.hbase"));
        assertEquals(Set.of(), m.mayName().get("common"));
        assertEquals(Set.of("common", "api", "report"), m.mayName().get("launcher"));
        assertEquals(Set.of("common", "api", "report", "redis-target"), m.mayName().get("redis-kv"));
    }

    @Test
    void aRuntimeOrTestDependencyIsNoLeaveToNameAModule() {
        String pom = """
                <dependencies>
                  <dependency><groupId>dev.kensho</groupId><artifactId>kensho-api</artifactId></dependency>
                  <dependency>
                    <!-- found at run time -->
                    <groupId>dev.kensho</groupId><artifactId>kensho-launcher</artifactId><scope>runtime</scope>
                  </dependency>
                  <dependency><groupId>dev.kensho</groupId><artifactId>kensho-launcher</artifactId>
                    <type>test-jar</type><scope>test</scope></dependency>
                  <dependency><groupId>dev.kensho</groupId><artifactId>kensho-report</artifactId><scope>compile</scope></dependency>
                  <dependency><groupId>org.example</groupId><artifactId>kensho-lookalike</artifactId></dependency>
                </dependencies>
                """;
        assertEquals(Set.of("api", "report"), ModuleMap.compileDependencies(pom));
    }
}
