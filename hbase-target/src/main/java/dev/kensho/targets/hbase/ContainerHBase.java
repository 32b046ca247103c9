package dev.kensho.targets.hbase;

import dev.kensho.common.TargetFailure;
import dev.kensho.common.targets.DockerEngine;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.testcontainers.containers.FixedHostPortGenericContainer;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

import java.time.Duration;
import java.util.List;

/**
 * A standalone HBase in a Docker container ({@code -Dkensho.hbase.container=true}, image
 * {@code kensho.hbase.image}, default {@value HBaseTarget#IMAGE_DEFAULT}) for Docker hosts.
 *
 * <p><b>Unverified on the machines this suite was built on:</b> they run a Docker engine but reach no
 * image registry, so no HBase image can be had there; {@link #start()} then stops in one line naming
 * the image (see {@link DockerEngine#requireImage}). HBase advertises its region server by host name and fixed ports, which is why the container gets host name
 * {@code localhost} and the same ports on both sides; if your image differs, point the suite at it as an
 * external cluster ({@code kensho.hbase.zookeeper}) instead.
 */
public final class ContainerHBase extends HBaseTarget {

    private final GenericContainer<?> container;
    private final Configuration conf;

    private ContainerHBase(GenericContainer<?> container) {
        this.container = container;
        Configuration c = HBaseConfiguration.create();
        c.set("hbase.zookeeper.quorum", container.getHost() + ":2181");
        c.setInt("hbase.client.retries.number", 5);
        this.conf = Codecs.configure(c);
    }

    /** What to do where the image cannot be had, for the one-line failure. */
    static final String INSTEAD = "use the embedded mini cluster (drop -D" + HBaseSettings.CONTAINER.key()
            + ") or your own cluster (-D" + HBaseSettings.ZOOKEEPER.key() + ")";

    public static boolean dockerAvailable() {
        return DockerEngine.available();
    }

    @SuppressWarnings("deprecation") // FixedHostPortGenericContainer: HBase advertises fixed ports, see class doc
    public static ContainerHBase start() {
        if (!dockerAvailable()) {
            throw new TargetFailure(HBaseSettings.CONTAINER.key() + "=true but no Docker engine is reachable;"
                    + " drop it to use the embedded mini cluster");
        }
        String image = HBaseSettings.IMAGE.get(IMAGE_DEFAULT);
        DockerEngine.requireImage(image, HBaseSettings.CONTAINER.key() + "=true", INSTEAD);
        DockerEngine.requireTestcontainersHelper(HBaseSettings.CONTAINER.key() + "=true");
        FixedHostPortGenericContainer<?> c = new FixedHostPortGenericContainer<>(DockerImageName.parse(image).toString());
        for (int port : new int[]{2181, 16000, 16020}) {
            c.withFixedExposedPort(port, port);
        }
        c.withCreateContainerCmdModifier(cmd -> cmd.withHostName("localhost"))
                .waitingFor(Wait.forListeningPort().withStartupTimeout(Duration.ofMinutes(3)));
        try {
            c.start();
        } catch (RuntimeException e) {
            throw new TargetFailure("container HBase (" + image + "): cannot start (" + firstLine(e) + ")", e);
        }
        return new ContainerHBase(c);
    }

    @Override
    public Kind kind() {
        return Kind.CONTAINER;
    }

    @Override
    public Configuration configuration() {
        return conf;
    }

    @Override
    public String describe() {
        return "container HBase (" + container.getDockerImageName() + ", zookeeper " + container.getHost() + ":2181)";
    }

    @Override
    public List<HFiles.StoreFile> storeFiles(TableName table) {
        return RegionMetricsFiles.read(this, table);
    }

    @Override
    public void close() {
        super.close();
        container.stop();
    }
}
