package dev.kensho.targets.kinesis;

import dev.kensho.common.TargetFailure;
import dev.kensho.common.targets.DockerEngine;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;

import java.net.URI;
import java.time.Duration;
import java.util.Map;

/**
 * LocalStack's Kinesis in a Docker container ({@code -Dkensho.kinesis.container=true}, image
 * {@code kensho.kinesis.image}, default {@value #IMAGE_DEFAULT}) for machines with a Docker engine.
 * {@code KINESIS_LATENCY=0}: LocalStack otherwise adds 500 ms to every call, which would swamp the round
 * trip the benchmarks set with their own proxy. <b>Unverified on the machines this suite was built on:</b>
 * they run a Docker engine but reach no image registry, so the LocalStack image cannot be had there;
 * {@link #start()} then stops in one line naming the image (see {@link DockerEngine#requireImage}).
 */
public final class ContainerKinesis extends KinesisTarget {
    public static final String IMAGE_DEFAULT = "localstack/localstack:3.8.1";
    private static final int PORT = 4566;

    private final GenericContainer<?> container;
    private final String image;

    private ContainerKinesis(GenericContainer<?> container, String image) {
        this.container = container;
        this.image = image;
    }

    /** What to do where the image cannot be had, for the one-line failure. */
    static final String INSTEAD = "use the embedded emulator (drop -D" + KinesisSettings.CONTAINER.key() + ")";

    public static boolean dockerAvailable() {
        return DockerEngine.available();
    }

    public static ContainerKinesis start() {
        if (!dockerAvailable()) {
            throw new TargetFailure(KinesisSettings.CONTAINER.key() + "=true but no Docker engine is reachable;"
                    + " drop it to use the embedded emulator");
        }
        String image = KinesisSettings.IMAGE.get(IMAGE_DEFAULT);
        DockerEngine.requireImage(image, KinesisSettings.CONTAINER.key() + "=true", INSTEAD);
        DockerEngine.requireTestcontainersHelper(KinesisSettings.CONTAINER.key() + "=true");
        GenericContainer<?> c = new GenericContainer<>(DockerImageName.parse(image))
                .withExposedPorts(PORT)
                .withEnv("SERVICES", "kinesis")
                .withEnv("KINESIS_LATENCY", "0")
                .withEnv("KINESIS_SHARD_LIMIT", "1000")
                .waitingFor(Wait.forLogMessage(".*Ready\\..*", 1).withStartupTimeout(Duration.ofMinutes(3)));
        try {
            c.start();
        } catch (RuntimeException e) {
            throw new TargetFailure("container LocalStack: cannot start " + image + " (" + e.getMessage() + ")", e);
        }
        return new ContainerKinesis(c, image);
    }

    @Override
    public Kind kind() {
        return Kind.CONTAINER;
    }

    @Override
    public URI endpoint() {
        return URI.create("http://" + container.getHost() + ":" + container.getMappedPort(PORT));
    }

    @Override
    public Region region() {
        return Region.US_EAST_1;
    }

    @Override
    protected AwsCredentialsProvider credentials() {
        return StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test"));
    }

    @Override
    public boolean cbor() {
        return true;
    }

    @Override
    public String describe() {
        return "container " + image + " at " + endpoint();
    }

    @Override
    public Map<String, Object> serverInfo() {
        Map<String, Object> m = baseInfo();
        m.put("image", image);
        m.put("KINESIS_LATENCY", "0");
        return m;
    }

    @Override
    public synchronized void close() {
        super.close();
        container.stop();
    }
}
