package dev.kensho.targets.redis.servers;

import dev.kensho.targets.redis.RedisSettings;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.BuildResponseItem;
import dev.kensho.common.BadInput;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.process.TempDirs;
import dev.kensho.common.targets.DockerEngine;
import org.testcontainers.utility.DockerImageName;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The image the Redis container target runs, and the command that starts {@code redis-server} in it.
 *
 * <p>By default it is built here, {@code FROM scratch} plus one file: the statically linked
 * {@code redis-server} the embedded target uses (the bundled 7.0.15, or {@code kensho.redis.server}).
 * Nothing is pulled, so it works on a Docker host that reaches no registry. The tag carries the
 * binary's SHA-256, so a build happens once per binary and engine; the image is kept (it is 6 MB and
 * holds no data). {@code -Dkensho.redis.image=redis:7.0.15} runs a named image instead, pulled if absent.
 *
 * @param reference what the container is created from (tag or name)
 * @param id        the engine's image id ({@code sha256:…})
 * @param command   argv before the config file path
 * @param origin    what the image holds, for the recorded target description
 */
record ContainerRedisImage(String reference, String id, List<String> command, String origin) {

    static final String REPOSITORY = "kensho/redis-server";
    static final String LABEL = "dev.kensho.image";

    /** The image to run: the user's ({@code kensho.redis.image}) or a locally built one. */
    static ContainerRedisImage resolve() {
        String named = RedisSettings.IMAGE.get();
        return named != null ? named(named) : local();
    }

    /** Checks {@code kensho.redis.image} (if set) or the binary, without contacting Docker. */
    static void validate() {
        String named = RedisSettings.IMAGE.get();
        if (named != null) {
            parse(named);
        } else {
            EmbeddedRedis.binary();
        }
    }

    private static DockerImageName parse(String image) {
        try {
            return DockerImageName.parse(image);
        } catch (IllegalArgumentException e) {
            throw BadInput.of(RedisSettings.IMAGE.key(), image, "a Docker image reference such as redis:7.0.15");
        }
    }

    private static ContainerRedisImage named(String image) {
        parse(image);
        DockerEngine.requireImage(image, RedisSettings.CONTAINER.key() + "=true",
                "drop -D" + RedisSettings.IMAGE.key() + " to run the bundled redis-server in a locally built image");
        String id = DockerEngine.client().inspectImageCmd(image).exec().getId();
        return new ContainerRedisImage(image, id, List.of("redis-server"), "image " + image);
    }

    private static ContainerRedisImage local() {
        Path binary = EmbeddedRedis.binary();
        String user = RedisSettings.SERVER.get(System.getenv(RedisSettings.SERVER_ENV.key()));
        boolean bundled = user == null || user.isBlank();
        String origin = "locally built from " + (bundled ? "bundled redis-server " + EmbeddedRedis.BUNDLED_VERSION
                : "redis-server " + binary);
        String tag = REPOSITORY + ":" + (bundled ? EmbeddedRedis.BUNDLED_VERSION : "custom") + "-" + sha256(binary).substring(0, 12);
        if (!DockerEngine.hasImage(tag)) {
            build(binary, tag);
        }
        String id = DockerEngine.client().inspectImageCmd(tag).exec().getId();
        return new ContainerRedisImage(tag, id, List.of("/redis-server"), origin);
    }

    private static void build(Path binary, String tag) {
        Path dir = TempDirs.create("kensho-redis-image-");
        try {
            Files.copy(binary, dir.resolve("redis-server"));
            Path dockerfile = dir.resolve("Dockerfile");
            Files.writeString(dockerfile, "FROM scratch\nCOPY redis-server /redis-server\n");
            StringBuilder errors = new StringBuilder();
            boolean done = DockerEngine.client().buildImageCmd(dockerfile.toFile())
                    .withBaseDirectory(dir.toFile())
                    .withTags(Set.of(tag))
                    .withLabels(Map.of(LABEL, "redis"))
                    .withPull(false)
                    .exec(new ResultCallback.Adapter<BuildResponseItem>() {
                        @Override
                        public void onNext(BuildResponseItem item) {
                            if (item.isErrorIndicated() && item.getErrorDetail() != null) {
                                errors.append(item.getErrorDetail().getMessage());
                            }
                        }
                    })
                    .awaitCompletion(5, TimeUnit.MINUTES);
            if (!done || errors.length() > 0 || !DockerEngine.hasImage(tag)) {
                throw new TargetFailure("container redis: cannot build image " + tag + " from " + binary + " ("
                        + (errors.length() > 0 ? errors.toString().strip() : done ? "no image came out" : "over 5 min") + ")");
            }
        } catch (IOException e) {
            throw new TargetFailure("container redis: cannot prepare the image build in " + dir + " (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetFailure("container redis: interrupted while building image " + tag);
        } catch (RuntimeException e) {
            if (e instanceof TargetFailure) {
                throw e;
            }
            throw new TargetFailure("container redis: cannot build image " + tag + " (" + DockerEngine.firstLine(e) + ")", e);
        } finally {
            TempDirs.delete(dir);
        }
    }

    private static String sha256(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (IOException | NoSuchAlgorithmException e) {
            throw new TargetFailure("container redis: cannot read " + file + " (" + e.getMessage() + ")");
        }
    }
}
