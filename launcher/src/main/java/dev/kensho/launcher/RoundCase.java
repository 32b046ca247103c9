package dev.kensho.launcher;

import java.util.Map;

/** One case of a class run in rounds: a benchmark method and one combination of its params. */
record RoundCase(String method, Map<String, String> params) {
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(method);
        params.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        return sb.toString();
    }
}
