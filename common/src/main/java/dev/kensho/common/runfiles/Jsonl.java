package dev.kensho.common.runfiles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The run folder's {@code *.jsonl} files, read: one JSON object per line, blank lines skipped. */
public final class Jsonl {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Jsonl() {
    }

    /** Every line of {@code file} as JSON; empty when the file does not exist. */
    public static List<JsonNode> read(Path file) {
        List<JsonNode> out = new ArrayList<>();
        if (!Files.exists(file)) {
            return out;
        }
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (!line.isBlank()) {
                    out.add(JSON.readTree(line));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
