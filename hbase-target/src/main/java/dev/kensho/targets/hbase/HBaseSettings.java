package dev.kensho.targets.hbase;

import com.google.auto.service.AutoService;
import dev.kensho.common.Setting;
import dev.kensho.common.SettingGroup;
import dev.kensho.common.SettingValues;

import java.util.List;

/** The settings of the HBase targets: which cluster (an external quorum, a container, the embedded mini cluster) and where the suite's tables go. */
@AutoService(SettingGroup.class)
public final class HBaseSettings implements SettingGroup {

    public static final Setting ZOOKEEPER = Setting.run("kensho.hbase.zookeeper", null, "ZooKeeper quorum of your HBase (zk1,zk2:2181)");
    public static final Setting ZNODE_PARENT = Setting.run("kensho.hbase.znodeParent", HBaseTarget.ZNODE_PARENT_DEFAULT, "its znode parent");
    public static final Setting CONTAINER = Setting.flag("kensho.hbase.container", "true: an HBase container through Testcontainers (Docker hosts)");
    public static final Setting IMAGE = Setting.run("kensho.hbase.image", HBaseTarget.IMAGE_DEFAULT, "image of the HBase container target");
    public static final Setting NAMESPACE = Setting.run("kensho.hbase.namespace", HBaseTarget.NAMESPACE_DEFAULT, "the only namespace the suite creates tables in")
            .checked(SettingValues.pattern("[A-Za-z0-9_]{1,64}", "1 … 64 characters of [A-Za-z0-9_]"));
    public static final Setting REGION_SERVERS = Setting.run("kensho.hbase.regionServers", HBaseTarget.REGION_SERVERS_DEFAULT, "region servers of the embedded mini cluster (1 … 8)")
            .checked(SettingValues.range(1, 8));
    public static final Setting ATTACH = Setting.of("kensho.hbase.attach", "(set by the launcher)", "the embedded mini cluster a benchmark class's forks share (pid, ports, folder)", Setting.Use.SUITE);

    @Override
    public String module() {
        return "hbase-target";
    }

    @Override
    public List<Setting> settings() {
        return List.of(ZOOKEEPER, ZNODE_PARENT, CONTAINER, IMAGE, NAMESPACE, REGION_SERVERS, ATTACH);
    }
}
