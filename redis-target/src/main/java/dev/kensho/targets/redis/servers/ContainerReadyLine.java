package dev.kensho.targets.redis.servers;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.Frame;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.targets.DockerEngine;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * When a {@link ContainerRedis} is ready: Testcontainers' wait strategy that follows the container's output until
 * redis-server logs its ready line, and fails in one line with redis-server's last log line if the container exits
 * or the line does not come in time (a {@code FROM scratch} image has no shell for Testcontainers' own port check).
 */
final class ContainerReadyLine extends AbstractWaitStrategy {

    private static final String READY = "Ready to accept connections";

    private final ContainerRedisImage image;

    ContainerReadyLine(ContainerRedisImage image) {
        this.image = image;
    }

    @Override
    protected void waitUntilReady() {
        awaitReady(DockerEngine.client(), waitStrategyTarget.getContainerId(), image, startupTimeout);
    }

    /** One line: what happened at start, and redis-server's last log line. */
    static TargetFailure startFailure(ContainerRedisImage image, String what, String log) {
        String tail = log.strip();
        tail = tail.substring(Math.max(0, tail.lastIndexOf('\n') + 1));
        return new TargetFailure("container redis (" + image.reference() + "): redis-server " + what
                + (tail.isEmpty() ? "" : ": " + tail)
                + (image.command().get(0).startsWith("/") ? " (a FROM scratch image needs a statically linked redis-server)" : ""));
    }

    /** Follows the container's output until redis-server says it is ready, or the container ends. */
    private static void awaitReady(DockerClient docker, String id, ContainerRedisImage image, Duration timeout) {
        StringBuilder log = new StringBuilder();
        CountDownLatch ready = new CountDownLatch(1);
        ResultCallback.Adapter<Frame> follow = new ResultCallback.Adapter<>() {
            @Override
            public void onNext(Frame f) {
                synchronized (log) {
                    log.append(new String(f.getPayload(), StandardCharsets.UTF_8));
                    if (log.indexOf(READY) >= 0) {
                        ready.countDown();
                    }
                }
            }

            @Override
            public void onComplete() {
                super.onComplete();
                ready.countDown();
            }

            @Override
            public void onError(Throwable t) {
                super.onError(t);
                ready.countDown();
            }
        };
        try (ResultCallback.Adapter<Frame> ignored = docker.logContainerCmd(id).withStdOut(true).withStdErr(true)
                .withFollowStream(true).exec(follow)) {
            boolean ended = ready.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
            synchronized (log) {
                if (log.indexOf(READY) >= 0) {
                    return;
                }
                throw startFailure(image, ended ? "exited at start" : "not ready after " + timeout.toSeconds() + " s",
                        log.toString());
            }
        } catch (IOException e) {
            throw new TargetFailure("container redis: lost its log stream (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetFailure("container redis: interrupted while it started");
        }
    }
}
