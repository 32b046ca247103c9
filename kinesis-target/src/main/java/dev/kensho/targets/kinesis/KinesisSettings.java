package dev.kensho.targets.kinesis;

import com.google.auto.service.AutoService;
import dev.kensho.common.Setting;
import dev.kensho.common.SettingGroup;
import dev.kensho.common.SettingValues;

import java.util.List;

/** The settings of the Kinesis targets: real AWS, another endpoint, a container or the embedded emulator, and the streams' names. */
@AutoService(SettingGroup.class)
public final class KinesisSettings implements SettingGroup {

    public static final Setting REGION = Setting.run("kensho.kinesis.region", null, "AWS region: real Kinesis, default credentials chain");
    public static final Setting ENDPOINT = Setting.run("kensho.kinesis.endpoint", null, "an endpoint URL (another emulator, a VPC endpoint)");
    public static final Setting CBOR = Setting.run("kensho.kinesis.cbor", "true (false for the embedded emulator)", "the SDK's CBOR protocol")
            .checked(SettingValues.BOOLEAN_CHECK);
    public static final Setting CONTAINER = Setting.flag("kensho.kinesis.container", "true: LocalStack through Testcontainers (Docker hosts)");
    public static final Setting IMAGE = Setting.run("kensho.kinesis.image", ContainerKinesis.IMAGE_DEFAULT, "image of the Kinesis container target");
    public static final Setting NODE = Setting.run("kensho.kinesis.node", "node on the PATH", "the node binary that runs the embedded emulator");
    public static final Setting NODE_MODULES = Setting.run("kensho.kinesis.nodeModules", "kinesis-target/node_modules", "where npm ci put the emulator");
    public static final Setting STREAM_PREFIX = Setting.run("kensho.kinesis.streamPrefix", KinesisStreams.PREFIX_DEFAULT, "prefix of every stream the suite creates")
            .checked(SettingValues.pattern("[A-Za-z0-9_.\\-]{1,64}", "1 … 64 characters of [A-Za-z0-9_.-]"));

    @Override
    public String module() {
        return "kinesis-target";
    }

    @Override
    public List<Setting> settings() {
        return List.of(REGION, ENDPOINT, CBOR, CONTAINER, IMAGE, NODE, NODE_MODULES, STREAM_PREFIX);
    }
}
