import {
  alertSlotRecipe,
  badgeRecipe,
  collapsibleSlotRecipe,
  comboboxSlotRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  radioGroupSlotRecipe,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';
import { addRecipes } from './theme';

/**
 * The recipes of the screens that load on demand and of the toasts, not needed by the first page: this
 * module loads with each of them (app/router.tsx, components/toaster.tsx), before they render.
 */
addRecipes({
  recipes: {
    badge: badgeRecipe,
    separator: separatorRecipe,
    skeleton: skeletonRecipe,
    spinner: spinnerRecipe,
    textarea: textareaRecipe,
  },
  slotRecipes: {
    alert: alertSlotRecipe,
    collapsible: collapsibleSlotRecipe,
    combobox: comboboxSlotRecipe,
    dataList: dataListSlotRecipe,
    dialog: dialogSlotRecipe,
    list: listSlotRecipe,
    menu: menuSlotRecipe,
    nativeSelect: nativeSelectSlotRecipe,
    radioGroup: radioGroupSlotRecipe,
    stat: statSlotRecipe,
    table: tableSlotRecipe,
    toast: toastSlotRecipe,
  },
});
