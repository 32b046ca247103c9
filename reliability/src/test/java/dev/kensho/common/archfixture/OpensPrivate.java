package dev.kensho.common.archfixture;

import java.lang.reflect.Field;

/** Breaks a house rule on purpose (ArchitectureRulesFailTest): writes a library's private field. */
public final class OpensPrivate {

    private OpensPrivate() {
    }

    static void open(Class<?> library) throws ReflectiveOperationException {
        Field f = library.getDeclaredField("instance");
        f.setAccessible(true);
        f.set(null, null);
    }
}
