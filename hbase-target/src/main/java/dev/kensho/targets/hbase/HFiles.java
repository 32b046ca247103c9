package dev.kensho.targets.hbase;

import dev.kensho.common.TargetFailure;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.regionserver.StoreFileInfo;
import org.apache.hadoop.hbase.util.CommonFSUtils;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The HFiles of a table as their trailers and file info describe them: bytes on disk, the compression
 * codec written in the fixed trailer, the data block encoding of the file info, and the cell count. The
 * codec and encoding are read from the file, not inferred from sizes, so a matrix cell that silently
 * fell back to NONE shows up.
 */
public final class HFiles {

    /** One store file. {@code bytes} = its length on disk. */
    public record StoreFile(String path, long bytes, String compression, String encoding, long cells,
                            long uncompressedBytes) {
    }

    private HFiles() {
    }

    /** Reads the given HFiles (the live store files of a table's stores). */
    public static List<StoreFile> read(Configuration conf, TableName table, List<Path> paths) {
        List<StoreFile> out = new ArrayList<>();
        try {
            for (Path p : paths) {
                FileSystem fs = p.getFileSystem(conf);
                out.add(inspect(fs, fs.getFileStatus(p), conf));
            }
        } catch (IOException e) {
            throw new TargetFailure("cannot read the HFiles of " + table + " (" + HBaseTarget.firstLine(e) + ")", e);
        }
        return out;
    }

    /**
     * Reads every HFile under the table's directory in the cluster's root directory. Beware: right after
     * a compaction the compacted-away files stay there until the discharger chore archives them (2 min);
     * prefer {@link #read(Configuration, TableName, List)} with the stores' live files.
     */
    public static List<StoreFile> read(Configuration conf, TableName table) {
        List<StoreFile> out = new ArrayList<>();
        try {
            Path root = CommonFSUtils.getRootDir(conf);
            FileSystem fs = root.getFileSystem(conf);
            Path tableDir = CommonFSUtils.getTableDir(root, table);
            if (!fs.exists(tableDir)) {
                return out;
            }
            for (FileStatus region : fs.listStatus(tableDir)) {
                if (!region.isDirectory() || region.getPath().getName().startsWith(".")) {
                    continue;
                }
                for (FileStatus family : fs.listStatus(region.getPath())) {
                    String fname = family.getPath().getName();
                    if (!family.isDirectory() || fname.startsWith(".") || fname.equals("recovered.edits")) {
                        continue;
                    }
                    for (FileStatus f : fs.listStatus(family.getPath())) {
                        if (f.isFile() && StoreFileInfo.isHFile(f.getPath())) {
                            out.add(inspect(fs, f, conf));
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new TargetFailure("cannot read the HFiles of " + table + " (" + HBaseTarget.firstLine(e) + ")", e);
        }
        return out;
    }

    private static StoreFile inspect(FileSystem fs, FileStatus f, Configuration conf) throws IOException {
        HFile.Reader r = HFile.createReader(fs, f.getPath(), CacheConfig.DISABLED, true, conf);
        try {
            return new StoreFile(f.getPath().toString(), f.getLen(), r.getTrailer().getCompressionCodec().name(),
                    r.getDataBlockEncoding().name(), r.getEntries(), r.getTrailer().getTotalUncompressedBytes());
        } finally {
            r.close(false);
        }
    }

    public static long totalBytes(List<StoreFile> files) {
        return files.stream().mapToLong(StoreFile::bytes).sum();
    }

    public static long totalCells(List<StoreFile> files) {
        return files.stream().mapToLong(StoreFile::cells).sum();
    }
}
