package dev.kensho.common;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A {@code -D} among the arguments is a setting in the wrong place; one of JMH's {@code -jvmArgs} is JMH's. */
class MisplacedSettingTest {

    @Test
    void findsTheFirstSettingButNotAForksJvmArgument() {
        assertEquals(Optional.of("-Dkensho.scale=smoke"),
                MisplacedSetting.find(new String[]{"SetImport", "-f", "1", "-Dkensho.scale=smoke", "-Dkensho.jfr=true"}));
        assertEquals(Optional.empty(), MisplacedSetting.find(new String[]{"-jvmArgs", "-Dfoo=1", "-jvmArgsAppend",
                "-Dbar=2", "-jvmArgsPrepend", "-Dbaz=3", "-p", "members=10"}));
        assertEquals(Optional.of("-Dx=1"), MisplacedSetting.find(new String[]{"-jvmArgs", "-Xmx1g", "-Dx=1"}));
        assertEquals(Optional.empty(), MisplacedSetting.find(new String[]{"-D"}), "not a setting");
    }

    @Test
    void eachEntrySaysWhereTheSettingGoes() {
        String[] args = {"-Dkensho.scale=smoke"};
        assertEquals("-Dkensho.scale=smoke after -jar is an argument of the jar, not a setting: settings go before -jar"
                        + " (java -Dkensho.scale=smoke -jar kensho-benchmarks.jar …)",
                assertThrows(BadInput.class, () -> MisplacedSetting.refuse(args, MisplacedSetting.Entry.JAR)).getMessage());
        assertEquals("-Dkensho.scale=smoke inside -Dkensho.args is a JMH argument, not a setting: give it to Maven beside"
                        + " the others (./mvnw verify -Pbench -Dkensho.scale=smoke …)",
                assertThrows(BadInput.class, () -> MisplacedSetting.refuse(args, MisplacedSetting.Entry.MAVEN)).getMessage());
        assertEquals("-Dkensho.scale=smoke is a program argument here, not a setting: give it to the JVM (java"
                        + " -Dkensho.scale=smoke …; an IDE's VM options)",
                assertThrows(BadInput.class, () -> MisplacedSetting.refuse(args, MisplacedSetting.Entry.MAIN)).getMessage());
        MisplacedSetting.refuse(new String[]{"-f", "1"}, MisplacedSetting.Entry.JAR);
    }
}
