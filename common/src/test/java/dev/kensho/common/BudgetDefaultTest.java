package dev.kensho.common;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The budget a run gets when {@code kensho.budget} is unset follows the scale: the hour at smoke and default, none (a
 * week) at full and seed, whose runs take hours by design; a set budget wins at every scale.
 */
class BudgetDefaultTest {

    @AfterEach
    void clear() {
        System.clearProperty(Setting.SCALE.key());
        System.clearProperty(Setting.BUDGET.key());
    }

    @Test
    void theScaleGivesTheDefaultAndASetBudgetWins() {
        assertEquals(60, Setting.budgetMinutes());
        for (String[] scaleMinutes : new String[][]{{"smoke", "60"}, {"default", "60"}, {"full", "10080"}, {"seed", "10080"}}) {
            System.setProperty(Setting.SCALE.key(), scaleMinutes[0]);
            assertEquals(Double.parseDouble(scaleMinutes[1]), Setting.budgetMinutes(), scaleMinutes[0]);
            System.setProperty(Setting.BUDGET.key(), "90");
            assertEquals(90, Setting.budgetMinutes(), scaleMinutes[0] + " with a budget set");
            System.clearProperty(Setting.BUDGET.key());
        }
    }
}
