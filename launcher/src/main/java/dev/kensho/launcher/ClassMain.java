package dev.kensho.launcher;

import com.google.auto.service.AutoService;
import dev.kensho.api.Launcher;

/**
 * The launcher behind {@link dev.kensho.api.Kensho#main}: a benchmark class's {@code main} finds it on the class path
 * ({@code META-INF/services/dev.kensho.api.Launcher}) and runs that class alone ({@link Bench#main}).
 */
@AutoService(Launcher.class)
public final class ClassMain implements Launcher {

    @Override
    public void main(Class<?> benchmarkClass, String[] args) {
        Bench.main(benchmarkClass, args);
    }
}
