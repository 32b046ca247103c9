package dev.kensho.launcher.deploy;

import dev.kensho.common.Settings;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.Serialization;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * deploy/kubernetes/*.yaml loaded by the Kubernetes client library as typed objects and checked for what
 * a sharded run needs: an Indexed Job whose completion index becomes {@code kensho.shard}, as many shards as
 * completions, all pods at once on distinct nodes, no retries, whole-CPU Guaranteed pods, a shared volume,
 * and a merge Job over exactly those shard folders. (No cluster here: this is what can be checked without one.)
 */
class KubernetesManifestTest {

    private static final Path DIR = Settings.root().resolve("deploy").resolve("kubernetes");

    private static List<HasMetadata> load(String file) throws Exception {
        try (InputStream in = Files.newInputStream(DIR.resolve(file))) {
            Object o = Serialization.unmarshal(in);
            return o instanceof List<?> l ? l.stream().map(HasMetadata.class::cast).toList() : List.of((HasMetadata) o);
        }
    }

    @Test
    void shardJobIsAnIndexedJobOfOneShardPerNode() throws Exception {
        List<HasMetadata> docs = load("kensho-job.yaml");
        PersistentVolumeClaim pvc = assertInstanceOf(PersistentVolumeClaim.class, docs.get(0));
        assertEquals(List.of("ReadWriteMany"), pvc.getSpec().getAccessModes());
        Job job = assertInstanceOf(Job.class, docs.get(1));
        assertEquals("batch/v1", job.getApiVersion());
        assertEquals("Indexed", job.getSpec().getCompletionMode());
        assertEquals(0, job.getSpec().getBackoffLimit());
        int n = job.getSpec().getCompletions();
        assertEquals(n, job.getSpec().getParallelism(), "all shards run at once");
        PodSpec pod = job.getSpec().getTemplate().getSpec();
        assertEquals("Never", pod.getRestartPolicy());
        var spread = pod.getTopologySpreadConstraints().get(0);
        assertEquals("kubernetes.io/hostname", spread.getTopologyKey());
        assertEquals("DoNotSchedule", spread.getWhenUnsatisfiable());
        assertEquals(1, spread.getMaxSkew());
        assertEquals(job.getSpec().getTemplate().getMetadata().getLabels().get("kensho.dev/job"),
                spread.getLabelSelector().getMatchLabels().get("kensho.dev/job"), "the spread selects the shard pods");

        Container c = pod.getContainers().get(0);
        Map<String, EnvVar> env = c.getEnv().stream().collect(java.util.stream.Collectors.toMap(EnvVar::getName, e -> e));
        assertEquals("metadata.annotations['batch.kubernetes.io/job-completion-index']",
                env.get("SHARD_INDEX").getValueFrom().getFieldRef().getFieldPath());
        String opts = env.get("JAVA_TOOL_OPTIONS").getValue();
        assertTrue(opts.contains("-Dkensho.shard=$(SHARD_INDEX)/" + n), "kensho.shard = completion index / completions: " + opts);
        assertTrue(opts.contains("-Dkensho.startAt="), opts);
        assertTrue(opts.contains("-Dkensho.results=/results") && opts.contains("-Dkensho.runId=shard-$(SHARD_INDEX)"), opts);
        assertTrue(c.getVolumeMounts().stream().anyMatch(m -> m.getMountPath().equals("/results")));
        assertEquals(pvc.getMetadata().getName(), pod.getVolumes().get(0).getPersistentVolumeClaim().getClaimName());

        Quantity cpu = c.getResources().getRequests().get("cpu");
        assertEquals(0, Quantity.getAmountInBytes(cpu).remainder(java.math.BigDecimal.ONE).signum(), "whole CPUs: " + cpu);
        assertEquals(c.getResources().getRequests(), c.getResources().getLimits(), "Guaranteed QoS");
        assertFalse(c.getImage().isBlank());
    }

    @Test
    void mergeJobReadsExactlyTheShardFolders() throws Exception {
        Job shards = (Job) load("kensho-job.yaml").get(1);
        Job merge = assertInstanceOf(Job.class, load("kensho-merge.yaml").get(0));
        assertEquals(0, merge.getSpec().getBackoffLimit());
        Container c = merge.getSpec().getTemplate().getSpec().getContainers().get(0);
        assertEquals(shards.getSpec().getTemplate().getSpec().getContainers().get(0).getImage(), c.getImage());
        List<String> cmd = c.getCommand();
        int at = cmd.indexOf("dev.kensho.report.merge.Merge");
        assertTrue(at > 0, cmd.toString());
        // the report module's class (common cannot load it: it depends on common, not the other way round)
        assertTrue(java.nio.file.Files.exists(dev.kensho.common.Settings.root().resolve("report/src/main/java")
                .resolve(cmd.get(at).replace('.', '/') + ".java")), cmd.get(at) + " is in report/");
        List<String> folders = cmd.subList(at + 2, cmd.size());
        assertEquals(shards.getSpec().getCompletions(), folders.size(), "one folder per shard");
        for (int i = 0; i < folders.size(); i++) {
            assertEquals("/results/shard-" + i, folders.get(i));
        }
    }
}
