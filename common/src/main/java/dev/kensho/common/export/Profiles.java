package dev.kensho.common.export;

import dev.kensho.common.profile.ProfileIndex;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** results.csv's {@code profile} column: the folder of each profiled case's recordings, relative to the run folder. */
final class Profiles {

    private Profiles() {
    }

    /** Case name ({@link CiMetrics#name}) → its folder ({@code jfr/<Class>/<case>}); empty when nothing was profiled. */
    static Map<String, String> folders(Path runDir) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, List<ProfileIndex.Entry>> e : ProfileIndex.byCase(runDir).entrySet()) {
            out.put(e.getKey(), e.getValue().get(0).folder(runDir));
        }
        return out;
    }
}
