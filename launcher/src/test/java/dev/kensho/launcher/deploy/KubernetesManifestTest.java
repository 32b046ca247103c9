package dev.kensho.launcher.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
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

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * deploy/kubernetes: the manifests checked against the Kubernetes schema (loaded by the Kubernetes client library into its
 * typed model, with no field the model lacks — {@link StrictModel}), and the run's parameters checked to land where the
 * Jobs read them: values.yaml's every value is the source of a replacement in kustomization.yaml whose every target
 * exists; the manifests as those replacements render them ({@link #rendered}) are an Indexed Job whose completion index
 * becomes {@code kensho.shard}, as many shards as completions, all pods at once on distinct nodes, no retries, whole-CPU
 * Guaranteed pods, a shared volume, and a suspended merge Job over that run's folder. (No cluster and no kustomize
 * here: the real rendering was checked by hand with {@code kubectl kustomize deploy/kubernetes}, docs/sharding.md.)
 */
class KubernetesManifestTest {

    private static final Path DIR = Settings.root().resolve("deploy").resolve("kubernetes");
    private static final YAMLMapper YAML = new YAMLMapper();
    private static final Pattern VAR = Pattern.compile("\\$\\(([A-Za-z_][A-Za-z0-9_]*)\\)");

    private static List<HasMetadata> typed(String yaml) throws Exception {
        try (InputStream in = new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8))) {
            Object o = Serialization.unmarshal(in);
            return o instanceof List<?> l ? l.stream().map(HasMetadata.class::cast).toList() : List.of((HasMetadata) o);
        }
    }

    private static List<JsonNode> docs(String file) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        try (var p = YAML.getFactory().createParser(DIR.resolve(file).toFile())) {
            YAML.readValues(p, JsonNode.class).forEachRemaining(out::add);
        }
        return out;
    }

    @Test
    void everyManifestIsOfTheKubernetesSchemaWithNoUnknownField() throws Exception {
        for (String f : List.of("values.yaml", "kensho-job.yaml", "kensho-merge.yaml")) {
            for (HasMetadata o : typed(Files.readString(DIR.resolve(f)))) {
                assertEquals(List.of(), StrictModel.unknownFields(o), f + ": " + o.getKind() + " " + o.getMetadata().getName());
            }
        }
        for (HasMetadata o : typed(YAML.writeValueAsString(rendered().get("Job/kensho-shards")))) {
            assertEquals(List.of(), StrictModel.unknownFields(o), "the rendered shards Job");
        }
    }

    @Test
    void theSchemaCheckFindsAMisspelledField() throws Exception {
        String bad = Files.readString(DIR.resolve("kensho-job.yaml")).replace("backoffLimit: 0", "backofLimit: 0")
                .replace("mountPath: /results", "mountpath: /results");
        List<String> unknown = new ArrayList<>();
        for (HasMetadata o : typed(bad)) {
            unknown.addAll(StrictModel.unknownFields(o));
        }
        assertTrue(unknown.stream().anyMatch(u -> u.endsWith("backofLimit")), unknown.toString());
        assertTrue(unknown.stream().anyMatch(u -> u.endsWith("mountpath")), unknown.toString());
    }

    @Test
    void everyValueOfTheValuesFileLandsWhereAJobReadsIt() throws Exception {
        JsonNode kust = docs("kustomization.yaml").get(0);
        List<String> resources = new ArrayList<>();
        kust.path("resources").forEach(r -> resources.add(r.asText()));
        assertEquals(List.of("values.yaml", "kensho-job.yaml", "kensho-merge.yaml"), resources);
        JsonNode values = docs("values.yaml").get(0);
        assertEquals("true", values.path("metadata").path("annotations").path("config.kubernetes.io/local-config").asText(),
                "the values are read by kustomize, never applied");
        Set<String> sourced = new HashSet<>();
        Map<String, JsonNode> objects = objects();
        for (JsonNode r : kust.path("replacements")) {
            String field = r.path("source").path("fieldPath").asText();
            assertTrue(field.startsWith("data.") && values.path("data").has(field.substring(5)), field);
            sourced.add(field.substring(5));
            for (JsonNode t : r.path("targets")) {
                JsonNode target = objects.get(t.path("select").path("kind").asText() + "/" + t.path("select").path("name").asText());
                assertNotNull(target, t.toString());
                for (JsonNode fp : t.path("fieldPaths")) {
                    assertNotNull(Paths.at(target, fp.asText()), "no " + fp.asText() + " in " + t.path("select"));
                }
            }
        }
        Set<String> all = new HashSet<>();
        values.path("data").fieldNames().forEachRemaining(all::add);
        assertEquals(all, sourced, "every value of values.yaml is put somewhere");
    }

    @Test
    void theShardsAreAnIndexedJobOfOneShardPerNodeAsManyAsTheValuesSay() throws Exception {
        int n = docs("values.yaml").get(0).path("data").path("shards").asInt();
        List<HasMetadata> docs = typed(YAML.writeValueAsString(rendered().get("PersistentVolumeClaim/kensho-results"))
                + "---\n" + YAML.writeValueAsString(rendered().get("Job/kensho-shards")));
        PersistentVolumeClaim pvc = assertInstanceOf(PersistentVolumeClaim.class, docs.get(0));
        assertEquals(List.of("ReadWriteMany"), pvc.getSpec().getAccessModes());
        Job job = assertInstanceOf(Job.class, docs.get(1));
        assertEquals("Indexed", job.getSpec().getCompletionMode());
        assertEquals(0, job.getSpec().getBackoffLimit());
        assertEquals(n, job.getSpec().getCompletions(), "completions = values.yaml's shards");
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
        Map<String, EnvVar> env = c.getEnv().stream().collect(Collectors.toMap(EnvVar::getName, e -> e));
        assertEquals("metadata.annotations['batch.kubernetes.io/job-completion-index']",
                env.get("SHARD_INDEX").getValueFrom().getFieldRef().getFieldPath());
        assertEquals("$(SHARD_INDEX)/" + n, env.get("SHARD").getValue(), "kensho.shard = completion index / shards");
        String opts = env.get("JAVA_TOOL_OPTIONS").getValue();
        for (String o : List.of("-Dkensho.shard=$(SHARD)", "-Dkensho.startAt=$(START_AT)", "-Dkensho.bench=$(BENCH)",
                "-Dkensho.results=/results/$(RUN)", "-Dkensho.runId=shard-$(SHARD_INDEX)", "$(TARGET)")) {
            assertTrue(opts.contains(o), o + " in " + opts);
        }
        definedBeforeUse(c);
        assertTrue(c.getVolumeMounts().stream().anyMatch(m -> m.getMountPath().equals("/results")));
        assertEquals(pvc.getMetadata().getName(), pod.getVolumes().get(0).getPersistentVolumeClaim().getClaimName());
        Quantity cpu = c.getResources().getRequests().get("cpu");
        assertEquals(0, Quantity.getAmountInBytes(cpu).remainder(java.math.BigDecimal.ONE).signum(), "whole CPUs: " + cpu);
        assertEquals(c.getResources().getRequests(), c.getResources().getLimits(), "Guaranteed QoS");
        assertEquals(docs("values.yaml").get(0).path("data").path("image").asText(), c.getImage());
    }

    @Test
    void theMergeJobWaitsSuspendedAndReadsTheRunsFolder() throws Exception {
        Job shards = (Job) typed(YAML.writeValueAsString(rendered().get("Job/kensho-shards"))).get(0);
        Job merge = assertInstanceOf(Job.class, typed(YAML.writeValueAsString(rendered().get("Job/kensho-merge"))).get(0));
        assertEquals(Boolean.TRUE, merge.getSpec().getSuspend(), "started by hand once the shards are done");
        assertEquals(0, merge.getSpec().getBackoffLimit());
        Container c = merge.getSpec().getTemplate().getSpec().getContainers().get(0);
        assertEquals(shards.getSpec().getTemplate().getSpec().getContainers().get(0).getImage(), c.getImage());
        definedBeforeUse(c);
        List<String> cmd = c.getCommand();
        int at = cmd.indexOf("dev.kensho.report.merge.Merge");
        assertTrue(at > 0, cmd.toString());
        // the report module's class (common cannot load it: it depends on common, not the other way round)
        assertTrue(Files.exists(Settings.root().resolve("report/src/main/java").resolve(cmd.get(at).replace('.', '/') + ".java")));
        assertEquals(List.of("/results/$(RUN)/merged", "/results/$(RUN)"), cmd.subList(at + 1, cmd.size()),
                "the merged run and the folder holding every shard's (Merge takes them all, whatever the count)");
    }

    /** Every {@code $(VAR)} in an env value names a variable defined before it; in the command and args, any of the env. */
    private static void definedBeforeUse(Container c) {
        Set<String> defined = new HashSet<>();
        for (EnvVar e : c.getEnv()) {
            if (e.getValue() != null) {
                Matcher m = VAR.matcher(e.getValue());
                while (m.find()) {
                    assertTrue(defined.contains(m.group(1)), e.getName() + " uses $(" + m.group(1) + ") before it is defined");
                }
            }
            defined.add(e.getName());
        }
        List<String> words = new ArrayList<>(c.getCommand() == null ? List.of() : c.getCommand());
        words.addAll(c.getArgs() == null ? List.of() : c.getArgs());
        for (String w : words) {
            Matcher m = VAR.matcher(w);
            while (m.find()) {
                assertTrue(defined.contains(m.group(1)), w + " uses $(" + m.group(1) + "), which the env lacks");
            }
        }
    }

    /** The manifests' objects by "Kind/name". */
    private static Map<String, JsonNode> objects() throws Exception {
        Map<String, JsonNode> out = new java.util.LinkedHashMap<>();
        for (String f : List.of("values.yaml", "kensho-job.yaml", "kensho-merge.yaml")) {
            for (JsonNode d : docs(f)) {
                out.put(d.path("kind").asText() + "/" + d.path("metadata").path("name").asText(), d);
            }
        }
        return out;
    }

    /** The objects with kustomization.yaml's replacements applied, as kustomize applies these (whole value, or one delimited part). */
    static Map<String, JsonNode> rendered() throws Exception {
        Map<String, JsonNode> objects = objects();
        JsonNode values = objects.get("ConfigMap/kensho-values");
        for (JsonNode r : docs("kustomization.yaml").get(0).path("replacements")) {
            JsonNode v = values.path("data").path(r.path("source").path("fieldPath").asText().substring(5));
            for (JsonNode t : r.path("targets")) {
                JsonNode target = objects.get(t.path("select").path("kind").asText() + "/" + t.path("select").path("name").asText());
                for (JsonNode fp : t.path("fieldPaths")) {
                    String delimiter = t.path("options").path("delimiter").asText(null);
                    JsonNode now = Paths.at(target, fp.asText());
                    JsonNode put = v;
                    if (delimiter != null) {
                        String[] parts = now.asText().split(java.util.regex.Pattern.quote(delimiter), -1);
                        parts[t.path("options").path("index").asInt()] = v.asText();
                        put = new TextNode(String.join(delimiter, parts));
                    }
                    Paths.set(target, fp.asText(), put);
                }
            }
        }
        assertFalse(objects.toString().contains("IMAGE") || objects.toString().contains("\"ARGS\""), "no placeholder left");
        return objects;
    }

    /** Kustomize field paths: dot-separated, {@code [name=x]} picks a list element by its name, a number by its index. */
    static final class Paths {
        private Paths() {
        }

        static JsonNode at(JsonNode root, String path) {
            JsonNode n = root;
            for (String seg : path.split("\\.(?![^\\[]*])")) {
                n = step(n, seg);
                if (n == null || n.isMissingNode()) {
                    return null;
                }
            }
            return n;
        }

        static void set(JsonNode root, String path, JsonNode value) {
            String[] segs = path.split("\\.(?![^\\[]*])");
            JsonNode parent = root;
            for (int i = 0; i < segs.length - 1; i++) {
                parent = step(parent, segs[i]);
            }
            String last = segs[segs.length - 1];
            if (parent instanceof ArrayNode a) {
                a.set(Integer.parseInt(last), value);
            } else {
                ((ObjectNode) parent).set(last, value);
            }
        }

        private static JsonNode step(JsonNode n, String seg) {
            if (seg.startsWith("[") && seg.endsWith("]")) {
                String[] kv = seg.substring(1, seg.length() - 1).split("=", 2);
                for (JsonNode e : n) {
                    if (e.path(kv[0]).asText().equals(kv[1])) {
                        return e;
                    }
                }
                return null;
            }
            return seg.matches("\\d+") && n.isArray() ? n.get(Integer.parseInt(seg)) : n.get(seg);
        }
    }
}
