package dev.kensho.common.export;

import dev.kensho.common.TargetFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A build output older than the sources can list a report writer that no longer exists (the report moved
 * modules; {@code target/classes/META-INF/services} kept the old name): the export says so in one line with
 * what to do, instead of an error that ends the launcher with a stack trace and a status left "running".
 */
class StaleBuildTest {

    @Test
    void aServicesFileNamingAMissingClassIsOneLine(@TempDir Path tmp) throws Exception {
        Path classes = tmp.resolve("classes");
        Path services = classes.resolve("META-INF/services/" + ReportWriter.class.getName());
        Files.createDirectories(services.getParent());
        Files.writeString(services, "dev.kensho.common.report.Report\n"); // where the report lived before it moved
        Path run = tmp.resolve("run");
        Files.createDirectories(run.resolve("jmh"));

        Thread t = Thread.currentThread();
        ClassLoader before = t.getContextClassLoader();
        try (URLClassLoader stale = new URLClassLoader(new URL[]{classes.toUri().toURL()}, before)) {
            t.setContextClassLoader(stale);
            TargetFailure e = assertThrows(TargetFailure.class, () -> new Export(RunFolder.at(run)).writeAll());
            assertTrue(e.getMessage().contains("./mvnw clean") && e.getMessage().contains("dev.kensho.common.report.Report"),
                    e.getMessage());
            assertTrue(e.getMessage().lines().count() == 1, e.getMessage());
            assertTrue(Files.exists(run.resolve("results.csv")), "the numbers are written before the report");
        } finally {
            t.setContextClassLoader(before);
        }
    }
}
