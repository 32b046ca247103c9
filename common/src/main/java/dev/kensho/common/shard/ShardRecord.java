package dev.kensho.common.shard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Jsonl;
import dev.kensho.common.runfiles.Recorder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code shard} block of a run folder's env.json: which shard of how many the run was
 * ({@value #FILE}, written by the launcher, or by {@code Merge} for a merged run) and every trial's clock
 * offset and start ({@value StartAt#FILE}, written by the forks).
 */
public final class ShardRecord {

    public static final String FILE = "shard.json";
    /**
     * One line per case whose shards play different parts (a publisher shard and subscriber-only shards): whether this
     * shard's primary score belongs in the run's sum, and why not ({@link #primaryNotCounted}).
     */
    public static final String ROLES_FILE = "shard-roles.jsonl";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ShardRecord() {
    }

    /** Written by the launcher when the run is a shard or has a start time. */
    public static void launcher(Path runDir, Shard shard, Instant startAt) {
        if (!shard.sharded() && startAt == null) {
            return;
        }
        ObjectNode n = JSON.createObjectNode();
        n.put("index", shard.index()).put("count", shard.count()).put("startAt", startAt == null ? null : startAt.toString());
        n.put("gridSeconds", StartAt.gridSeconds()).put("clockBoundMs", StartAt.CLOCK_BOUND_MS);
        write(runDir, n);
    }

    /**
     * Says that this shard's primary score of case {@code c} is not part of the run's (e.g. a shard that only
     * subscribes: its invocations wait for messages, they publish none): {@code Merge} leaves it out of the summed
     * score, and still sums the shard's additive secondary counters (messages received).
     */
    public static void primaryNotCounted(Case c, String why) {
        role(c, why, false);
    }

    /**
     * Says that this shard sits case {@code c} out (it has none of the case's threads): {@code Merge} leaves its score
     * out, and its windows too — an iteration that does nothing lines up with nothing.
     */
    public static void idle(Case c, String why) {
        role(c, why, true);
    }

    private static void role(Case c, String why, boolean idle) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("benchmark", c.benchmark());
        line.put("params", c.params());
        line.put("primary_counts", false);
        line.put("idle", idle);
        line.put("why", why);
        Recorder.line(ROLES_FILE, line);
    }

    public static void write(Path runDir, JsonNode n) {
        try {
            JSON.writeValue(runDir.resolve(FILE).toFile(), n);
        } catch (IOException e) {
            throw new TargetFailure("cannot write " + runDir.resolve(FILE) + " (" + e.getMessage() + ")");
        }
    }

    /** The block for env.json, or null when the run was neither a shard nor merged. */
    public static JsonNode env(Path runDir) {
        Path f = runDir.resolve(FILE);
        if (!Files.exists(f)) {
            return null;
        }
        try {
            ObjectNode n = (ObjectNode) JSON.readTree(f.toFile());
            ArrayNode clock = n.putArray("trials");
            Jsonl.read(runDir.resolve(StartAt.FILE)).forEach(clock::add);
            return n;
        } catch (IOException e) {
            throw new TargetFailure("cannot read " + f + " (" + e.getMessage() + ")");
        }
    }
}
