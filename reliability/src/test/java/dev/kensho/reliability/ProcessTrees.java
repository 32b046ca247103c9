package dev.kensho.reliability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/**
 * Ends what a test started in a child process (a launcher, a Maven build) before the test's temporary folder is
 * deleted: the whole tree, waited for, and then any process still working in that folder that is no longer in the
 * tree (a server whose parents died first). Cleanup after a test, pass or fail, not a check: the tests say themselves
 * whether a server outlived its run; this only keeps one from outliving the build.
 */
final class ProcessTrees {

    /** How long a SIGKILLed process has to disappear (the kernel's work) before this gives up on it. */
    private static final int GONE_SECONDS = 30;

    private ProcessTrees() {
    }

    /** SIGKILL to {@code root} and every process below it, waited for; then to strays working under {@code workDir}. */
    static void end(Process root, Path workDir) {
        for (int round = 0; round < 3; round++) {
            // below first, while the root still links them (a dead root's children are reparented out of its tree)
            List<ProcessHandle> tree = new ArrayList<>(root.descendants().toList());
            if (root.isAlive()) {
                tree.add(root.toHandle());
            }
            if (tree.isEmpty()) {
                break;
            }
            tree.forEach(ProcessHandle::destroyForcibly);
            tree.forEach(ProcessTrees::awaitGone);
        }
        for (ProcessHandle p : strays(workDir)) {
            System.err.println("kensho test cleanup: killing pid " + p.pid() + " (" + p.info().commandLine().orElse("?")
                    + "), still working in " + workDir);
            p.destroyForcibly();
            awaitGone(p);
        }
    }

    /** Processes whose working directory is {@code dir} or below it, other than this JVM and what it still runs. */
    static List<ProcessHandle> strays(Path dir) {
        Set<Long> ours = ProcessHandle.current().descendants().map(ProcessHandle::pid).collect(Collectors.toSet());
        ours.add(ProcessHandle.current().pid());
        String under = dir.toAbsolutePath().normalize().toString();
        return ProcessHandle.allProcesses().filter(p -> !ours.contains(p.pid())).filter(p -> {
            try {
                String cwd = Files.readSymbolicLink(Path.of("/proc", Long.toString(p.pid()), "cwd")).toString();
                return cwd.equals(under) || cwd.startsWith(under + "/");
            } catch (IOException | UnsupportedOperationException | SecurityException e) {
                return false; // gone, or not ours to read
            }
        }).toList();
    }

    private static void awaitGone(ProcessHandle p) {
        try {
            p.onExit().get(GONE_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // still there after SIGKILL: nothing more a test can do
        }
    }
}
