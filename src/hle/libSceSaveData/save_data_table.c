/* The libSceSaveData table. NIDs derive from the names (checked by tests/unit/hle). */
#include "hle/hle.h"
#include "hle/libSceSaveData/save_data.h"

static const struct hle_symbol save_data_symbols[] = {
    HLE_FUNC("ZkZhskCPXFw", sceSaveDataInitialize, save_data_initialize, HLE_IMPLEMENTED),
    HLE_FUNC("l1NmDeDpNGU", sceSaveDataInitialize2, save_data_initialize, HLE_IMPLEMENTED),
    HLE_FUNC("TywrFKCoLGY", sceSaveDataInitialize3, save_data_initialize3, HLE_IMPLEMENTED),
    HLE_FUNC("yKDy8S5yLA0", sceSaveDataTerminate, save_data_terminate, HLE_PARTIAL),
    HLE_FUNC("32HQAQdwM2o", sceSaveDataMount, save_data_mount, HLE_PARTIAL),
    HLE_FUNC("0z45PIH+SNI", sceSaveDataMount2, save_data_mount2, HLE_IMPLEMENTED),
    HLE_FUNC("ZP4e7rlzOUk", sceSaveDataMount3, save_data_mount3, HLE_PARTIAL),
    HLE_FUNC("BMR4F-Uek3E", sceSaveDataUmount, save_data_umount, HLE_IMPLEMENTED),
    HLE_FUNC("uW4vfTwMQVo", sceSaveDataUmount2, save_data_umount2, HLE_PARTIAL),
    HLE_FUNC("VwadwBBBJ80", sceSaveDataUmountWithBackup, save_data_umount_with_backup, HLE_PARTIAL),
    HLE_FUNC("65VH0Qaaz6s", sceSaveDataGetMountInfo, save_data_get_mount_info, HLE_IMPLEMENTED),
    HLE_FUNC("XgvSuIdnMlw", sceSaveDataGetParam, save_data_get_param, HLE_IMPLEMENTED),
    HLE_FUNC("85zul--eGXs", sceSaveDataSetParam, save_data_set_param, HLE_IMPLEMENTED),
    HLE_FUNC("dyIhnXq-0SM", sceSaveDataDirNameSearch, save_data_dir_name_search, HLE_PARTIAL),
    HLE_FUNC("S1GkePI17zQ", sceSaveDataDelete, save_data_delete, HLE_PARTIAL),
    HLE_FUNC("c88Yy54Mx0w", sceSaveDataSaveIcon, save_data_save_icon, HLE_IMPLEMENTED),
    HLE_FUNC("cGjO3wM3V28", sceSaveDataLoadIcon, save_data_load_icon, HLE_IMPLEMENTED),
    HLE_FUNC("v7AAAMo0Lz4", sceSaveDataSetupSaveDataMemory, save_data_setup_memory,
             HLE_IMPLEMENTED),
    HLE_FUNC("7Bt5pBC-Aco", sceSaveDataGetSaveDataMemory, save_data_get_memory, HLE_IMPLEMENTED),
    HLE_FUNC("h3YURzXGSVQ", sceSaveDataSetSaveDataMemory, save_data_set_memory, HLE_IMPLEMENTED),
    HLE_FUNC("oQySEUfgXRA", sceSaveDataSetupSaveDataMemory2, save_data_setup_memory2, HLE_PARTIAL),
    HLE_FUNC("QwOO7vegnV8", sceSaveDataGetSaveDataMemory2, save_data_get_memory2, HLE_IMPLEMENTED),
    HLE_FUNC("cduy9v4YmT4", sceSaveDataSetSaveDataMemory2, save_data_set_memory2, HLE_IMPLEMENTED),
    HLE_FUNC("gjRZNnw0JPE", sceSaveDataCreateTransactionResource,
             save_data_create_transaction_resource, HLE_PARTIAL),
    HLE_FUNC("lJUQuaKqoKY", sceSaveDataDeleteTransactionResource,
             save_data_delete_transaction_resource, HLE_PARTIAL),
    HLE_FUNC("sDCBrmc61XU", sceSaveDataPrepare, save_data_prepare, HLE_PARTIAL),
    HLE_FUNC("ie7qhZ4X0Cc", sceSaveDataCommit, save_data_commit, HLE_PARTIAL),
    HLE_FUNC("wiT9jeC7xPw", sceSaveDataSyncSaveDataMemory, save_data_sync_memory, HLE_IMPLEMENTED),
};

const struct hle_library hle_library_libSceSaveData = {
    .library_name = "libSceSaveData",
    .library_version = 1,
    .module_name = "libSceSaveData",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = save_data_symbols,
    .symbol_count = sizeof save_data_symbols / sizeof save_data_symbols[0],
};
