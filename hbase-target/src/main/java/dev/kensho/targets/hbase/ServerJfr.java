package dev.kensho.targets.hbase;

import dev.kensho.common.Setting;

import java.util.List;

/**
 * The JVM options of the mini cluster's child JVM in a profiled run: each case's fork records the server with
 * {@code jcmd JFR.start/stop} while the case is measured ({@code dev.kensho.common.profile.CaseProfiler}, the server
 * registered in {@code ServerProfiles}), so the server needs only {@code -XX:+DebugNonSafepoints} for its method
 * samples to name the method that ran. (It used to record its whole life into one file, which no case could claim.)
 */
final class ServerJfr {

    private ServerJfr() {
    }

    /** With {@code -Dkensho.jfr=true} in a run: the diagnostic flags; none otherwise. */
    static List<String> options() {
        String runDir = Setting.RUN_DIR.get();
        if (runDir == null || !Setting.JFR.flag()) {
            return List.of();
        }
        return List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+DebugNonSafepoints");
    }
}
